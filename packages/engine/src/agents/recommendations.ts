// Concrete, evidence-backed recommendations, ranked by weight; the conclusion writes the first of them.
// Each one needs evidence in the product, a concrete risk and a fix that suits the project's kind and
// ecosystem; when none qualifies there is none (the conclusion then says the code gave no grounds).

import { isPackageKind, lockedEcosystems } from '../analyse/dependencies.ts';
import {
  isPlaceholderKind,
  PLACEHOLDER_FALLBACK,
  PLACEHOLDER_SAMPLE,
  productKeyRole,
} from '../analyse/secrets.ts';
import type { Analysis, Dependency, Ecosystem } from '../analyse/types.ts';
import { factsOf } from './facts.ts';
import { actuatorExposure, CONVENTIONAL_ENV, productAuthCode, userConfigVars } from './model.ts';
import { code, joinSome, plural, ref, text } from './writers/markdown.ts';

export interface Recommendation {
  text: string;
  citations: string[];
  weight: number; // higher first
}

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

export function recommendations(a: Analysis): Recommendation[] {
  const fx = factsOf(a);
  const out: Recommendation[] = [];
  // Advice fits the kind of project: a library or framework leaves its users' installs to their own
  // lockfiles and ranges.
  const isPackage = isPackageKind(a);
  const productFile = (p: string) =>
    !a.identity || a.identity.productPaths.some((d) => p === d || p.startsWith(`${d.replace(/\/$/, '')}/`));
  // a placeholder or public sample value leaks nothing: it is to be overridden, not rotated
  // and a value in an example or the docs is not the product's to remove
  const secrets = a.secrets.filter((s) => (!s.area || s.area === 'product') && !isPlaceholderKind(s.kind));
  if (secrets.length)
    out.push({
      weight: 10,
      text: `Remove the ${secrets.length === 1 ? 'hard-coded secret' : plural(secrets.length, 'hard-coded secret')} (${joinSome([...new Set(secrets.map((s) => s.kind))], 2)}) and rotate ${secrets.length === 1 ? 'it' : 'them'}.`,
      citations: secrets.slice(0, 3).map((s) => ref(s.file, s.line)),
    });
  const exposure = openActuator(a, fx);
  if (exposure) out.push(exposure);
  const placeholder = placeholderKeys(a);
  if (placeholder) out.push(placeholder);
  // Tests, CI, a README: their absence is true of many a code base and names no risk in this one;
  // the chapters say what is there. TODO markers and large files are not advice either: a marker is
  // the author's own note with no risk assessed, and size alone is no defect (a type-definition
  // file, inline tests, a parser). Routes without an authentication library are no risk by
  // themselves (a public site, a sample, a proxy in front): the security chapter says so.
  // code others install (a library, a framework, a command-line tool) needs a licence to be used at
  // all; an application or service is run by its owners, whose right to it no file decides. With no
  // identity there is no sign of either, and the licence is asked for.
  const installed = !a.identity || isPackage || a.identity.kind === 'cli';
  if (!a.license && installed)
    out.push({
      weight: 4,
      text: 'Add a LICENSE file: without one, others have no right to use the code.',
      citations: [],
    });
  // a library keeps ranges and no lockfile on purpose: its users' applications lock the tree
  const own = [...fx.runtimeDeps, ...fx.optionalPeerDeps, ...fx.devDeps];
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
  const undocumented = undocumentedRequired(a, productFile);
  if (undocumented) out.push(undocumented);
  return out.sort((x, y) => y.weight - x.weight);
}

// Actuator endpoints that hand out the process's memory, settings or internals
const SENSITIVE_ENDPOINTS =
  /^(\*|env|heapdump|threaddump|configprops|beans|mappings|loggers|shutdown|logfile)$/;

/**
 * The Actuator's web exposure opening sensitive endpoints in an app with nothing to guard them (no
 * authentication or security library, no authentication code): the fix is the one setting.
 */
function openActuator(a: Analysis, fx: ReturnType<typeof factsOf>): Recommendation | null {
  const setting = actuatorExposure(a);
  const guarded = (a.securityFacts ?? []).some(
    (x) => x.kind === 'access-guard' && (!x.area || x.area === 'product'),
  );
  if (!setting || fx.authLibs.length || fx.securityLibs.length || productAuthCode(a).length || guarded)
    return null;
  const open = setting.value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => SENSITIVE_ENDPOINTS.test(v));
  if (!open.length) return null;
  // "every enabled endpoint … is served … guards them", "`/actuator/env` is served … guards it"
  const all = open.includes('*');
  const [served, is, them] = all
    ? ['every enabled Actuator endpoint, `/actuator/heapdump` and `/actuator/env` among them,', 'is', 'them']
    : open.length === 1
      ? [code(`/actuator/${open[0]!}`), 'is', 'it']
      : [
          joinSome(
            open.map((v) => code(`/actuator/${v}`)),
            4,
          ),
          'are',
          'them',
        ];
  return {
    weight: 9,
    text:
      `Narrow ${code(`${setting.key}=${setting.value}`)} to the endpoints a deployment needs (such as ${code('health')}): ` +
      `as set, ${served} ${is} served over HTTP, and no authentication guards ${them}.`,
    citations: [ref(setting.file, setting.line)],
  };
}

/**
 * One piece of advice for the product's own keys left at a placeholder, in the code's fallback and
 * in the shipped sample env file alike: one check at start-up (outside debug mode, refuse the key
 * unset or still the placeholder) covers both. A password the product presents to a database or
 * mail server, or a service's API key, gives nothing away (see `productKeyRole`).
 */
function placeholderKeys(a: Analysis): Recommendation | null {
  const found = a.secrets.filter(
    (s) =>
      s.variable &&
      productKeyRole(s.variable) &&
      ((s.kind === PLACEHOLDER_FALLBACK && (!s.area || s.area === 'product')) ||
        // a sample env file beside the deployment files is the product's own
        (s.kind === PLACEHOLDER_SAMPLE && (!s.area || s.area === 'product' || s.area === 'deployment'))),
  );
  if (!found.length) return null;
  const names = [...new Set(found.map((s) => s.variable!))];
  const inCode = found.some((s) => s.kind === PLACEHOLDER_FALLBACK);
  const inSample = found.some((s) => s.kind === PLACEHOLDER_SAMPLE);
  const one = names.length === 1;
  const where = [
    ...(inCode ? ['the code falls back to a placeholder value'] : []),
    ...(inSample ? [`the shipped sample env file sets ${one ? 'one' : 'them to one'}`] : []),
  ].join(', and ');
  const roles = new Set(names.map(productKeyRole));
  const [what, risk] =
    roles.size === 1 && roles.has('signing')
      ? [
          one ? 'a public key' : 'public keys',
          `can forge the tokens and signed cookies the app signs with ${one ? 'it' : 'them'}`,
        ]
      : roles.size === 1 && roles.has('login')
        ? [one ? 'a public password' : 'public passwords', `can sign in with ${one ? 'it' : 'them'}`]
        : [one ? 'a public value' : 'public values', `can use ${one ? 'it' : 'them'}`];
  return {
    weight: 8,
    text:
      `Refuse ${joinSome(names.map(code), 3)} at start-up outside debug mode while ${one ? 'it is' : 'one is'} unset or still the placeholder: ` +
      `${where}, so a deployment that forgets ${one ? 'it' : 'one'} runs on ${what}, and anyone who has read the repository ${risk}.`,
    // the code's fallback first, then the sample file, each place once
    citations: [
      ...found.filter((s) => s.kind === PLACEHOLDER_FALLBACK),
      ...found.filter((s) => s.kind === PLACEHOLDER_SAMPLE),
    ]
      .slice(0, 4)
      .map((s) => ref(s.file, s.line)),
  };
}

/**
 * Variables the product cannot run without (the read fails, or an empty value reaches a client that
 * needs one) that no README, docs page, example env file or `--help` names: whoever deploys it learns
 * of them from a crash. A variable with a default, or with another read in its place, is optional.
 */
function undocumentedRequired(a: Analysis, productFile: (p: string) => boolean): Recommendation | null {
  const hasEnvExample = a.files.some((x) =>
    /(^|\/)\.env\.(example|sample|template)$|(^|\/)example\.env$/.test(x.path),
  );
  if (hasEnvExample) return null;
  // a README table or a docs page documents settings as well as a .env.example does
  const documented = new Set((a.docs.envVarMentions ?? []).map((m) => m.name));
  // what the product reads from its users' environment: the variables the Configuration chapter
  // lists (never one it classes as CI, build, platform or completion), less the conventions every
  // tool of the ecosystem knows
  const reads = userConfigVars(a).filter(
    (e) => productFile(e.file) && !CONVENTIONAL_ENV.has(e.name) && !BUILD_ENV.test(e.name),
  );
  const optional = new Set(
    reads
      .filter((e) => e.hasDefault || e.defaultValue !== undefined || e.fallbackVars?.length || e.presence)
      .map((e) => e.name),
  );
  const helped = new Set(reads.filter((e) => e.inHelp).map((e) => e.name));
  const needed = reads.filter(
    (e) =>
      (e.required || e.unusableEmpty) &&
      !optional.has(e.name) &&
      !helped.has(e.name) &&
      !documented.has(e.name),
  );
  const names = [...new Set(needed.map((e) => e.name))].sort();
  if (!names.length) return null;
  const one = names.length === 1;
  return {
    weight: 3,
    text: `Document ${joinSome(names.map(code), 4)}: the product cannot run without ${one ? 'it' : 'them'}, and no README, docs page or example env file names ${one ? 'it' : 'them'}.`,
    citations: [...new Map(needed.map((e) => [e.name, e])).values()]
      .slice(0, 2)
      .map((e) => ref(e.file, e.line)),
  };
}
