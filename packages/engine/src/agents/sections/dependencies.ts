// Dependencies: per-manifest counts, runtime and development tables with declaring lines, version risks.

import {
  frozenRequirements,
  isPackageKind,
  isProductOwned,
  isUnbounded,
  versionConstraint,
  type VersionConstraint,
} from '../../analyse/dependencies.ts';
import { registryName } from '../../analyse/package-roles.ts';
import type { Analysis, Dependency, Manifest, PackageManager } from '../../analyse/types.ts';
import {
  NON_CODE_LANGUAGES,
  factsOf,
  importersOf,
  isChecksumFile,
  isBuildOnly,
  isTypeDeclarations,
  type Facts,
} from '../facts.ts';
import { toldElsewhere, type WriterContext } from '../writers/context.ts';
import { optionalNote } from '../identity-text.ts';
import {
  agree,
  cite,
  code,
  countBy,
  joinAnd,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';

export const dependencies = defineSection({
  kind: 'dependencies',
  keywords: [
    'dependencies',
    'third party',
    'third-party',
    'libraries',
    'packages used',
    'external dependencies',
    'supply chain',
    'open source components',
    'sbom',
    'licences',
    'licenses',
    'dependency',
    'library',
    'third party libraries',
  ],
  evidence: ['dependencies', 'manifests', 'files (lockfiles)'],
  analyst(a) {
    const fx = factsOf(a);
    const out: Finding[] = [];
    const own = ownDeps(fx);
    if (own.length) {
      out.push(
        f(
          sentence(
            `${declaredCount(a, own)} ${agree(own.length, 'is', 'are')} declared in ${plural(unique(own.map((d) => d.manifest)).length, 'manifest')}`,
            `: ${num(fx.runtimeDeps.length)} runtime${optionalNote(fx.runtimeDeps)}${when(fx.optionalPeerDeps.length, `, ${num(fx.optionalPeerDeps.length)} optional peer`)}${buildSplit(fx.devDeps, 'for development or tests')}`,
          ),
          unique(own.map((d) => d.manifest)).map((m) => ref(m)),
        ),
      );
      const d = fx.runtimeDeps[0];
      if (d)
        out.push(
          f(
            `Runtime dependencies include ${joinSome(
              fx.runtimeDeps.map((x) =>
                text(versionConstraint(x) === 'managed' ? x.name : `${x.name} ${x.version}`),
              ),
              4,
            )}.`,
            fx.runtimeDeps.slice(0, 4).map((x) => ref(x.manifest, x.line)),
          ),
        );
      if (fx.looseDeps.length)
        out.push(
          f(
            `${plural(fx.looseDeps.length, 'dependency', 'dependencies')} ${agree(fx.looseDeps.length, 'has', 'have')} no upper version bound (${joinSome(
              fx.looseDeps.map((x) => text(x.name)),
              3,
            )}).`,
            fx.looseDeps.slice(0, 3).map((x) => ref(x.manifest, x.line)),
          ),
        );
      const lock = lockSentence(a);
      if (lock) out.push(f(lock));
    } else out.push(f(a.manifests.length ? noThirdParty(a) : 'No dependency manifest was found.'));
    return out;
  },
  writer: writeDependencies,
});

const MAX_ROWS = 40;

function rows(ds: Dependency[]) {
  return ds.slice(0, MAX_ROWS).map((d) => [
    code(d.name),
    versionConstraint(d) === 'managed' ? text('managed') : code(d.version),
    text(d.ecosystem),
    // a Go requirement marked `// indirect` is needed all the same, by another requirement
    text(
      `${
        d.optionalPeer
          ? 'optional peer'
          : d.scope === 'optional' && d.ecosystem === 'go'
            ? 'indirect'
            : isTypeDeclarations(d) && d.scope !== 'dev'
              ? 'types'
              : d.scope
      }${d.platform ? `, ${platformOnly(d.platform)}` : ''}`,
    ),
    cite(d.manifest, d.line),
  ]);
}

/**
 * The targets a platform-specific dependency is built for, in a few words: `cfg(unix)` is "unix
 * only", `cfg(target_os = "macos")` "macos only"; a compound cfg is left to the manifest's line.
 */
export function platformOnly(platform: string): string {
  const cfg = /^cfg\((.*)\)$/.exec(platform.trim());
  if (!cfg) return `${platform} only`;
  const one = /^\s*(?:(\w+)|target_(?:os|family|arch)\s*=\s*"([^"]+)")\s*$/.exec(cfg[1]!);
  return one ? `${one[1] ?? one[2]} only` : 'some platforms only';
}

/** Build dependencies apart from development and test ones: `, 8 for development or tests and 15 for the build script`. */
function buildSplit(dev: Dependency[], devWords: string): string {
  const build = dev.filter(isBuildOnly);
  if (!build.length) return ` and ${num(dev.length)} ${devWords}`;
  return `, ${num(dev.length - build.length)} for development or tests and ${num(build.length)} ${buildWords(build)}`;
}

// a Cargo build dependency is compiled for the crate's build script (`build.rs`) only
const buildWords = (build: Dependency[]) =>
  build.every((d) => d.ecosystem === 'cargo') ? 'for the build script' : 'for builds';

export function writeDependencies(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const own = ownDeps(fx);
  if (!own.length) {
    const noManifest = sentence(
      'No package manifest (package.json, requirements.txt, pyproject.toml, go.mod, Cargo.toml, pom.xml, ',
      'build.gradle, composer.json, Gemfile or .csproj) was found',
      ` among the ${plural(a.project.files, 'file')}, so no third-party dependencies are declared`,
    );
    const others = elsewhere(a);
    // the technology chapter already says the product declares none: this one tells what else declares some
    const told =
      !!others &&
      toldElsewhere(ctx, 'technology') &&
      !fx.runtimeDeps.length &&
      !fx.optionalPeerDeps.length &&
      a.manifests.some(isProductOwned);
    return paragraphs(told ? null : a.manifests.length ? noThirdParty(a) : noManifest, others);
  }
  const parts: string[] = [];
  const byManifest = joinSome(
    countBy(own, (d) => d.manifest).map(([m, n]) => `${cite(m)} (${n})`),
    6,
  );
  const peers = fx.optionalPeerDeps.length;
  const split = `${num(fx.runtimeDeps.length)} needed at run time${optionalNote(fx.runtimeDeps)}${when(peers, `, ${plural(peers, 'optional peer dependency', 'optional peer dependencies')}`)}${buildSplit(fx.devDeps, 'for development, tests or builds')}`;
  parts.push(
    `${declaredCount(a, own)} ${agree(own.length, 'is', 'are')} declared: ${split}. By manifest: ${byManifest}.`,
  );
  if (fx.runtimeDeps.length)
    parts.push(
      `**Runtime dependencies**`,
      table(['Package', 'Version', 'Ecosystem', 'Scope', 'Declared at'], rows(fx.runtimeDeps)),
    );
  if (fx.runtimeDeps.length > MAX_ROWS)
    parts.push(`…and ${num(fx.runtimeDeps.length - MAX_ROWS)} more runtime dependencies.`);
  if (peers)
    parts.push(
      `**Optional peer dependencies**`,
      table(['Package', 'Version', 'Ecosystem', 'Scope', 'Declared at'], rows(fx.optionalPeerDeps)),
      optionalPeersSentence(a, fx.optionalPeerDeps),
    );
  // what only the build needs (a Cargo build script's crates, a build backend) is not for development or tests
  const devDeps = fx.devDeps.filter((d) => !isBuildOnly(d));
  const buildDeps = fx.devDeps.filter(isBuildOnly);
  if (devDeps.length)
    parts.push(
      `**Development and test dependencies**`,
      table(['Package', 'Version', 'Ecosystem', 'Scope', 'Declared at'], rows(devDeps)),
    );
  if (devDeps.length > MAX_ROWS)
    parts.push(`…and ${num(devDeps.length - MAX_ROWS)} more development dependencies.`);
  if (buildDeps.length)
    parts.push(
      `**Build dependencies**${when(buildWords(buildDeps) === 'for the build script', ' (for the build script)')}`,
      table(['Package', 'Version', 'Ecosystem', 'Scope', 'Declared at'], rows(buildDeps)),
    );
  if (buildDeps.length > MAX_ROWS)
    parts.push(`…and ${num(buildDeps.length - MAX_ROWS)} more build dependencies.`);
  const notes: string[] = [pinning(own)];
  const open = openRuntime(fx.runtimeDeps);
  if (open) notes.push(open);
  if (fx.looseDeps.length)
    notes.push(
      `Unbounded versions (${joinSome(
        fx.looseDeps.map((d) => `${code(d.name)} ${code(d.version)} at ${cite(d.manifest, d.line)}`),
        4,
      )}) can change under the project at any install${when(fx.lockfiles.length, ' not made from the lockfile')}.`,
    );
  const managers = ownManagers(a);
  if (managers.length)
    notes.push(
      `Installs use ${joinSome(
        managers.map((m) => `${text(m.name)} (${cite(m.evidence)})`),
        4,
      )}.`,
    );
  const lock = lockSentence(a);
  if (lock) notes.push(lock);
  const dupes = declaredTwice(own);
  if (dupes.length) notes.push(dupesSentence(dupes));
  // both builds' declarations: the counts above already hold each shared package once
  const twoBuilds = alternativeBuilds(a.dependencies.filter(isProductOwned));
  if (twoBuilds) notes.push(twoBuilds);
  parts.push(notes.join(' '));
  return paragraphs(...parts, elsewhere(a));
}

/**
 * "43 dependencies", or "39 distinct packages (4 of them listed as both a peer and a development
 * dependency)" where one npm manifest lists a package in two sections (`react` as a peer, and as a
 * devDependency to test against): the counts hold each such package once.
 */
function declaredCount(a: Analysis, own: Dependency[]): string {
  const by = new Map<string, Dependency[]>();
  for (const d of a.dependencies.filter(isProductOwned)) {
    if (d.ecosystem !== 'npm') continue;
    const k = `${d.manifest}\0${d.name}`;
    by.set(k, [...(by.get(k) ?? []), d]);
  }
  const twice = [...by.values()].filter((xs) => xs.length > 1);
  if (!twice.length) return plural(own.length, 'dependency', 'dependencies');
  const words = SECTION_WORDS.filter(([scope]) => twice.some((xs) => xs.some((d) => d.scope === scope)));
  return `${plural(own.length, 'distinct package')} (${num(twice.length)} of them listed as ${when(words.length === 2, 'both ')}${joinAnd(
    words.map(([, w]) => w),
  )} dependency)`;
}

// npm's sections, in the manifest's order
const SECTION_WORDS: [Dependency['scope'], string][] = [
  ['runtime', 'a runtime'],
  ['dev', 'a development'],
  ['peer', 'a peer'],
  ['optional', 'an optional'],
];

/**
 * "npm does not install optional peers; users add one to use the product files that import it:
 * `immer` (`src/middleware/immer.ts`) …": what each is for, from the product's imports.
 */
function optionalPeersSentence(a: Analysis, peers: Dependency[]): string {
  const used = peers
    .filter((d) => !isTypeDeclarations(d))
    .map((d) => ({ d, files: importersOf(a, d) }))
    .filter((x) => x.files.length);
  if (!used.length) return '';
  const types = peers.filter(isTypeDeclarations);
  return sentence(
    `npm does not install optional peers; users add one to use the product files that import it: ${joinAnd(
      used.map(
        ({ d, files }) =>
          `${code(d.name)} (${joinSome(
            files.map((p) => cite(p)),
            3,
          )})`,
      ),
    )}`,
    when(
      types.length,
      `; ${joinAnd(types.map((d) => code(d.name)))} ${agree(types.length, 'holds', 'hold')} type declarations only`,
    ),
  );
}

/**
 * Packages declared in more than one manifest FILE of one ecosystem (one pyproject.toml naming a
 * package in two groups is one manifest), each with its declarations.
 */
function declaredTwice(ds: Dependency[]): Dependency[][] {
  const by = new Map<string, Dependency[]>();
  for (const d of ds) {
    const k = `${d.ecosystem}:${registryName(d.ecosystem, d.name)}`;
    by.set(k, [...(by.get(k) ?? []), d]);
  }
  return [...by.values()].filter((xs) => new Set(xs.map((d) => d.manifest)).size > 1);
}

function dupesSentence(dupes: Dependency[][]): string {
  const differ = dupes.filter((xs) => new Set(xs.map((d) => d.version)).size > 1);
  const names = joinSome(
    dupes.map((xs) => code(xs[0]!.name)),
    5,
  );
  const lead = `${plural(dupes.length, 'package')} ${agree(dupes.length, 'is', 'are')} declared in more than one manifest: ${names}`;
  if (!differ.length) return `${lead}, with the same version in each.`;
  const shown = differ
    .slice(0, 2)
    .map(
      (xs) =>
        `${code(xs[0]!.name)} (${joinAnd(xs.map((d) => `${code(d.version)} at ${cite(d.manifest, d.line)}`))})`,
    );
  // npm installs a second copy when two manifests of a workspace disagree; pip and the others pick one
  const npmCopies = differ.some((xs) => xs[0]!.ecosystem === 'npm');
  return sentence(
    `${lead}; ${num(differ.length)} of them with different versions`,
    `: ${joinAnd(shown)}${when(differ.length > 2, ` and ${num(differ.length - 2)} more`)}`,
    when(npmCopies, ', which can install two copies'),
  );
}

/** A Maven and a Gradle build side by side in one folder: the same dependencies declared twice. */
function alternativeBuilds(ds: Dependency[]): string {
  const dir = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);
  const maven = ds.filter((d) => d.ecosystem === 'maven');
  const gradle = ds.filter((d) => d.ecosystem === 'gradle');
  const pom = unique(maven.map((d) => d.manifest));
  const gradleFiles = unique(gradle.map((d) => d.manifest)).filter((g) => pom.some((m) => dir(m) === dir(g)));
  if (!gradleFiles.length) return '';
  const inPom = new Set(maven.map((d) => d.name));
  const shared = unique(
    gradle.filter((d) => gradleFiles.includes(d.manifest) && inPom.has(d.name)).map((d) => d.name),
  );
  return sentence(
    `${cite(pom[0]!)} and ${cite(gradleFiles[0]!)} are two builds of the same project (Maven and Gradle)`,
    `; the ${plural(shared.length, 'package')} both declare ${agree(shared.length, 'is', 'are')} counted once above`,
  );
}

/** The product's own dependencies: those of its manifests, not of examples, benchmarks or tools. */
function ownDeps(fx: Facts): Dependency[] {
  return [...fx.runtimeDeps, ...fx.optionalPeerDeps, ...fx.devDeps];
}

function ownManifests(a: Analysis): Manifest[] {
  return a.manifests.filter(isProductOwned);
}

function ownManagers(a: Analysis): PackageManager[] {
  return (a.packageManagers ?? []).filter(isProductOwned);
}

/** How many programming languages the product is written in. */
function languages(a: Analysis): number {
  return new Set(
    factsOf(a)
      .productFiles.filter((f) => f.language && !NON_CODE_LANGUAGES.has(f.language))
      .map((f) => f.language),
  ).size;
}

function noThirdParty(a: Analysis): string {
  const manifests = ownManifests(a).length ? ownManifests(a) : a.manifests;
  const one = manifests.length === 1;
  return sentence(
    `${one ? 'Its manifest' : `The ${plural(manifests.length, 'manifest')}`} (${joinSome(
      manifests.map((m) => cite(m.path)),
      3,
    )}) ${one ? 'declares' : 'declare'} no third-party dependencies`,
    `: the project relies on ${languages(a) === 1 ? 'its language’s standard library' : 'its languages’ standard libraries'} only`,
  );
}

// areas whose name alone is an adjective
const AREA_NOUNS: Record<string, string> = { unpublished: 'unpublished modules' };

/** Manifests of examples, benchmarks, tests and tools: counted apart, never as the product's. */
function elsewhere(a: Analysis): string {
  const other = a.dependencies.filter((d) => !isProductOwned(d));
  if (!other.length) return '';
  const byArea = countBy(other, (d) => d.area ?? 'other');
  return `Outside the product, ${joinSome(
    byArea.map(
      ([area, n]) =>
        `the ${text(AREA_NOUNS[area] ?? area)} declare ${plural(n, 'dependency', 'dependencies')}`,
    ),
    4,
  )}, in ${plural(new Set(other.map((d) => d.manifest)).size, 'manifest')} of their own (${joinSome(
    [...new Set(other.map((d) => d.manifest))].map((m) => cite(m)),
    3,
  )}).`;
}

/**
 * "Of the runtime requirements, `certifi` (`>=2023.5.7`, …) sets no upper bound, while `idna` and
 * `urllib3` have one": a requirement left open above, among ones that are capped, is the one a new major
 * release reaches unasked. Go's requirements are minimums by design and are not told.
 */
export function openRuntime(runtime: Dependency[]): string | null {
  const ds = runtime.filter((d) => d.scope === 'runtime' && d.ecosystem !== 'go');
  const open = ds.filter((d) => versionConstraint(d) === 'minimum');
  const capped = ds.filter((d) => versionConstraint(d) === 'range');
  if (!open.length || !capped.length || open.length > 3) return null;
  const named = joinAnd(open.map((d) => `${code(d.name)} (${code(d.version)}, ${cite(d.manifest, d.line)})`));
  return `Of the runtime requirements, ${named} ${agree(open.length, 'sets', 'set')} no upper bound, while ${joinSome(
    capped.map((d) => code(d.name)),
    4,
  )} ${agree(capped.length, 'has one', 'have one')}.`;
}

/** "3 of 12 versions are pinned exactly; 8 are ranges…", read with each ecosystem's own rules. */
function pinning(ds: Dependency[]): string {
  const by = new Map<VersionConstraint, number>();
  for (const d of ds) by.set(versionConstraint(d), (by.get(versionConstraint(d)) ?? 0) + 1);
  const n = (c: VersionConstraint) => by.get(c) ?? 0;
  const rest: string[] = [];
  if (n('range')) rest.push(`${num(n('range'))} ${agree(n('range'), 'is a range', 'are ranges')}`);
  if (n('minimum')) {
    const go = ds.some((d) => d.ecosystem === 'go');
    rest.push(
      `${num(n('minimum'))} ${agree(n('minimum'), 'sets', 'set')} a minimum only${when(go, " (Go's minimal version selection builds with the lowest version that meets every module's minimum)")}`,
    );
  }
  if (n('any')) rest.push(`${num(n('any'))} ${agree(n('any'), 'names', 'name')} no version`);
  if (n('source'))
    rest.push(`${num(n('source'))} ${agree(n('source'), 'comes', 'come')} from a path or repository`);
  if (n('managed')) {
    const managers = countBy(
      ds.filter((d) => versionConstraint(d) === 'managed'),
      (d) => d.managedBy ?? '',
    );
    const from = managers.every(([m]) => m)
      ? managers.length === 1
        ? `from ${text(managers[0]![0])}`
        : `from the build: ${joinAnd(managers.map(([m, k]) => `${num(k)} from ${text(m)}`))}`
      : 'from the build’s dependency management';
    rest.push(
      `${num(n('managed'))} ${agree(n('managed'), 'takes its version', 'take their versions')} ${from}`,
    );
  }
  const cargo = ds.some((d) => d.ecosystem === 'cargo' && versionConstraint(d) === 'range');
  return `Pinned exactly: ${num(n('exact'))} of ${plural(ds.length, 'version')}${when(
    rest.length,
    `; of the others, ${joinAnd(rest)}`,
  )}${when(cargo, ' (Cargo reads a bare `1.2.3` as `^1.2.3`)')}.`;
}

/** go.sum only holds checksums: in Go, go.mod and minimal version selection fix the versions. */

/**
 * An install or build that must not change the lockfile (`bun install --frozen-lockfile`, `npm ci`,
 * `cargo test --locked`, `uv sync --locked`, `yarn install --immutable`): the command as CI runs it.
 */
const FROZEN =
  /^(?:npm ci\b|\S+ (?:install|sync|test|build|run|check)\b.*\s--(?:frozen-lockfile|locked|frozen|immutable)\b)/;

/** " CI installs from it as it is: `bun install --frozen-lockfile` (`ci.yml`).": the lockfile enforced. */
export function frozenInstallSentence(a: Analysis): string {
  // `cargo install --locked tool` installs a published tool by its own lockfile, not the project's
  const frozen = (x: string) => FROZEN.test(x) && !/^cargo install\b/.test(x);
  const where = new Map<string, string[]>();
  for (const c of a.ci)
    for (const cmd of new Set((c.commands ?? []).filter(frozen)))
      where.set(cmd, [...(where.get(cmd) ?? []), c.path]);
  const [cmd, paths] = [...where.entries()].sort((x, y) => y[1].length - x[1].length)[0] ?? [];
  if (!cmd || !paths) return '';
  return ` CI runs with the lockfile as committed: ${code(cmd)} (${joinSome(
    paths.map((p) => cite(p)),
    3,
  )}).`;
}

/** What the committed lockfiles (or their deliberate absence) mean for the product's installs. */
function lockSentence(a: Analysis): string {
  const fx = factsOf(a);
  const goSums = fx.lockfiles.filter(isChecksumFile);
  const locks = fx.lockfiles.filter((p) => !goSums.includes(p));
  const goSentence = goSums.length
    ? `${joinSome(
        goSums.map((p) => cite(p)),
        2,
      )} ${goSums.length === 1 ? 'records' : 'record'} the checksums of the modules the build uses; the versions themselves are fixed by \`go.mod\` and Go's minimal version selection.`
    : '';
  if (locks.length)
    return `Lockfiles pin the resolved tree: ${joinSome(
      locks.map((p) => cite(p)),
      4,
    )}.${frozenInstallSentence(a)}${goSentence ? ` ${goSentence}` : ''}`;
  if (goSentence) return goSentence;
  const frozen = frozenRequirements(ownDeps(fx));
  if (frozen.length)
    return `No lockfile is committed; ${joinSome(
      frozen.map((p) => cite(p)),
      2,
    )} ${agree(frozen.length, 'pins', 'pin')} every requirement exactly, which fixes the direct dependencies but not theirs.`;
  const optOut = a.lockfileOptOuts?.[0];
  if (optOut)
    return isPackageKind(a)
      ? `No lockfile is committed, by decision: ${cite(optOut.path, optOut.line)} sets \`package-lock=false\`, so development and CI resolve the declared ranges afresh, as the projects that install it do.`
      : `No lockfile is committed, by decision: ${cite(optOut.path, optOut.line)} sets \`package-lock=false\`, so the declared ranges are what users resolve.`;
  if (isPackageKind(a))
    return 'No lockfile is committed; as a library, the project leaves the resolved versions to the applications that install it.';
  const own = ownDeps(fx);
  // Maven and Gradle builds resolve what their build files name or manage, with no lockfile by convention
  if (
    own.length &&
    own.every((d) => (d.ecosystem === 'maven' || d.ecosystem === 'gradle') && !isUnbounded(d))
  )
    return 'No lockfile is committed; Maven and Gradle keep none by convention, and every version here is named in the build or managed by it.';
  return 'No lockfile is committed, so two installs may resolve different versions.';
}
