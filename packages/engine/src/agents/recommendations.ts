// Concrete, evidence-backed recommendations, ranked by weight; the conclusion writes the first of them.
// Each one needs evidence in the product, a concrete risk and a fix that suits the project's kind and
// ecosystem; when none qualifies there is none (the conclusion then says the code gave no grounds).

import { isPackageKind, lockedEcosystems } from '../analyse/dependencies.ts';
import { isPlaceholderKind, PLACEHOLDER_FALLBACK, PLACEHOLDER_SAMPLE } from '../analyse/secrets.ts';
import type { Analysis, Dependency, Ecosystem } from '../analyse/types.ts';
import { factsOf } from './facts.ts';
import { userConfigVars } from './sections/configuration.ts';
import { code, joinSome, num, plural, ref, text } from './writers/markdown.ts';

export interface Recommendation {
  text: string;
  citations: string[];
  weight: number; // higher first
}

// conventions every tool of the ecosystem knows (NODE_ENV, DEBUG, EDITOR…) need no documentation of their own
const CONVENTIONAL_ENV = new Set([
  'NODE_ENV',
  'DEBUG',
  'CI',
  'HOME',
  'PATH',
  'PATHEXT',
  'TERM',
  'NO_COLOR',
  'FORCE_COLOR',
  'TZ',
  'LANG',
  'USER',
  'SHELL',
  'TMPDIR',
  'PWD',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'LESS',
  'BROWSER',
  'COLUMNS',
  'LINES',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'XDG_RUNTIME_DIR',
  'APPDATA',
  'LOCALAPPDATA',
  'USERPROFILE',
  'SYSTEMROOT',
  'COMSPEC',
  'WINDIR',
  'MSYSTEM',
]);

// set by CI runners, toolchains, build systems and shells, never by the product's users: GITHUB_TOKEN
// in a workflow, Cargo's CARGO_PKG_*/CARGO_CFG_* in a build script, npm's npm_*, Docker's TARGETARCH,
// reproducible builds' SOURCE_DATE_EPOCH, a completion script's _PROG_COMPLETE
const BUILD_ENV =
  /^(SOURCE_DATE_EPOCH|_\w+_COMPLETE|GITHUB_\w+|RUNNER_\w+|ACTIONS_\w+|GITLAB_\w*|CI_\w+|CIRCLE\w*|TRAVIS\w*|BUILDKITE\w*|CARGO(_\w+)?|RUSTC\w*|RUSTUP_\w+|RUSTDOC\w*|OUT_DIR|OPT_LEVEL|NUM_JOBS|DEP_\w+|npm_\w+|INIT_CWD|(BUILD|TARGET)(PLATFORM|OS|ARCH|VARIANT)|GOOS|GOARCH|GOPATH|GOFLAGS|COMP_\w+|COMPREPLY|COMP_WORDS|VIRTUAL_ENV|PYTHON\w*)$/;

export { isPackageKind };

/** Ecosystems the product declares dependencies in with no product lockfile and no opt-out setting. */
function unlockedEcosystems(a: Analysis, own: Dependency[], lockfiles: string[]): Set<Ecosystem> {
  const locked = lockedEcosystems(a, own, lockfiles);
  // Maven and Gradle fix versions in the build file itself (exact versions, a parent POM or BOM):
  // there is no lockfile convention to miss
  return new Set(own.map((d) => d.ecosystem).filter((e) => !locked.has(e) && !DECLARED_EXACT.has(e)));
}
const DECLARED_EXACT = new Set<Ecosystem>(['maven', 'gradle']);

/** Test files plus source files that carry their own inline tests. */
function testedFiles(a: Analysis, testFiles: string[]): number {
  return new Set([...testFiles, ...(a.tests.inline ?? []).map((t) => t.path)]).size;
}

export function recommendations(a: Analysis): Recommendation[] {
  const fx = factsOf(a);
  const out: Recommendation[] = [];
  // Advice fits the kind of project: a library or framework leaves its users' installs to their own
  // lockfiles, and only the product's own routes are the product's to protect.
  const isPackage = isPackageKind(a);
  const productRoutes = a.routes.filter((r) => !r.area || r.area === 'product');
  const productFile = (p: string) =>
    !a.identity || a.identity.productPaths.some((d) => p === d || p.startsWith(`${d.replace(/\/$/, '')}/`));
  // a placeholder or public sample value leaks nothing: it is to be overridden, not rotated
  // and a value in an example or the docs is not the product's to remove
  const ownSecrets = a.secrets.filter((s) => !s.area || s.area === 'product');
  const [placeholders, secrets] = [
    ownSecrets.filter((s) => s.kind === PLACEHOLDER_FALLBACK),
    ownSecrets.filter((s) => !isPlaceholderKind(s.kind)),
  ];
  // a sample env file beside the deployment files is the product's own
  const samples = a.secrets.filter(
    (s) => s.kind === PLACEHOLDER_SAMPLE && (!s.area || s.area === 'product' || s.area === 'deployment'),
  );
  if (secrets.length)
    out.push({
      weight: 10,
      text: `Remove the ${secrets.length === 1 ? 'hard-coded secret' : plural(secrets.length, 'hard-coded secret')} (${joinSome([...new Set(secrets.map((s) => s.kind))], 2)}) and rotate ${secrets.length === 1 ? 'it' : 'them'}.`,
      citations: secrets.slice(0, 3).map((s) => ref(s.file, s.line)),
    });
  if (placeholders.length) {
    const names = joinSome([...new Set(placeholders.map((s) => code(s.variable ?? '')))], 3);
    out.push({
      weight: 8,
      text: `Make ${names} required in production: unset, the code falls back to a placeholder or sample value instead of failing at start-up.`,
      citations: placeholders.slice(0, 3).map((s) => ref(s.file, s.line)),
    });
  }
  if (samples.length) {
    const names = joinSome([...new Set(samples.map((s) => code(s.variable ?? '')))], 3);
    out.push({
      weight: 8,
      text: `Refuse the sample env file's placeholder for ${names} outside debug mode: a deployment that copies the sample as is runs on it.`,
      citations: samples.slice(0, 3).map((s) => ref(s.file, s.line)),
    });
  }
  if (!fx.testFiles.length && fx.sourceFiles.length)
    out.push({
      weight: 9,
      text: `Add automated tests: none were found for the ${plural(fx.sourceFiles.length, 'source file')}.`,
      citations: [],
    });
  // a source file with an inline test module (Rust's #[cfg(test)]) is tested where it stands
  else if (testedFiles(a, fx.testFiles) / Math.max(1, fx.sourceFiles.length) < 0.2)
    out.push({
      weight: 7,
      text: `Raise test coverage: ${plural(fx.testFiles.length, 'test file')} for ${plural(fx.sourceFiles.length, 'source file')}.`,
      citations: fx.testFiles.slice(0, 2).map((p) => ref(p)),
    });
  if (!a.ci.length)
    out.push({
      weight: 8,
      text: 'Add a CI workflow (no GitHub Actions, GitLab CI or similar configuration was found) so tests and builds run on every change.',
      citations: [],
    });
  // TODO markers and large files are not advice: a marker is the author's own note with no risk
  // assessed, and size alone is no defect (a type-definition file, inline tests, a parser). Both
  // are told in their chapters (known issues, metrics), never recommended.
  if (!a.license)
    out.push({
      weight: 4,
      text: 'Add a LICENSE file: without one, others have no right to use the code.',
      citations: [],
    });
  // a library keeps ranges and no lockfile on purpose: its users' applications lock the tree
  const own = [...fx.runtimeDeps, ...fx.devDeps];
  const unlocked = isPackage ? new Set<Ecosystem>() : unlockedEcosystems(a, own, fx.lockfiles);
  const unlockedDeps = own.filter((d) => unlocked.has(d.ecosystem));
  if (unlockedDeps.length)
    out.push({
      weight: 5,
      text: `Commit a lockfile so the ${plural(unlockedDeps.length, 'declared dependency', 'declared dependencies')} install reproducibly.`,
      citations: [...new Set(unlockedDeps.map((d) => d.manifest))].slice(0, 2).map((m) => ref(m)),
    });
  // an open range is a risk only in an application whose installs no lockfile fixes (facts.looseDeps)
  const loose = fx.looseDeps;
  if (loose.length)
    out.push({
      weight: 4,
      text: `Pin the ${plural(loose.length, 'runtime dependency', 'runtime dependencies')} declared without an upper bound (${joinSome(
        loose.map((d) => text(d.name)),
        3,
      )}): the next install can pull in a new major version.`,
      citations: loose.slice(0, 2).map((d) => ref(d.manifest, d.line)),
    });
  // what the product reads from its users' environment: the variables the Configuration chapter
  // lists (never one it classes as CI, build, platform or completion), less the conventions every
  // tool of the ecosystem knows
  const userEnv = userConfigVars(a).filter(
    (e) => productFile(e.file) && !CONVENTIONAL_ENV.has(e.name) && !BUILD_ENV.test(e.name),
  );
  const envNames = new Set(userEnv.map((e) => e.name));
  const hasEnvExample = a.files.some((x) =>
    /(^|\/)\.env\.(example|sample|template)$|(^|\/)example\.env$/.test(x.path),
  );
  // a README table or a docs page documents settings as well as a .env.example does
  const documented = new Set((a.docs.envVarMentions ?? []).map((m) => m.name));
  const undocumented = [...envNames].filter((n) => !documented.has(n)).sort();
  if (undocumented.length && !hasEnvExample) {
    const where = [...new Set((a.docs.envVarMentions ?? []).map((m) => m.file))];
    const advice = documented.size
      ? `Document the ${plural(undocumented.length, 'environment variable')} the code reads but ${where.length === 1 ? `${text(where[0]!)} does` : 'the docs do'} not name (${joinSome(undocumented.map(text), 4)}), next to the ${num(documented.size)} already described there.`
      : `Document the ${plural(envNames.size, 'environment variable')} in the README or a .env.example file; no documentation names them.`;
    out.push({
      weight: 3,
      text: advice,
      citations: userEnv
        .filter((e) => !documented.has(e.name))
        .slice(0, 2)
        .map((e) => ref(e.file, e.line)),
    });
  }
  if (!a.docs.readme)
    out.push({
      weight: 6,
      text: 'Write a README that explains what the project does and how to run it.',
      citations: [],
    });
  if (productRoutes.length && !isPackage && !fx.securityLibs.length && !fx.authLibs.length)
    out.push({
      weight: 5,
      text: `Protect the ${plural(productRoutes.length, 'HTTP route')}: no authentication or security middleware library was found among the dependencies.`,
      citations: productRoutes.slice(0, 2).map((r) => ref(r.file, r.line)),
    });
  return out.sort((x, y) => y.weight - x.weight);
}
