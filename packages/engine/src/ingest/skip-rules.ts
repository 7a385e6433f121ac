// Which files ingest keeps for analysis and why it skips the others (dependency folders, build output,
// lockfiles, minified bundles, binaries, nested archives). Shared by every source kind.

import type { SkippedEntry } from '../types.ts';

/** Folders that hold third-party code; skipped wholesale and recorded once. */
export const DEPENDENCY_DIRS = new Set([
  'node_modules',
  'bower_components',
  'jspm_packages',
  '.venv',
  'venv',
  '.tox',
  '.yarn',
  '.pnpm-store',
]);
export const VENDORED_DIRS = new Set(['vendor', 'third_party', 'third-party', 'Pods', 'Carthage']);
/** Build output and caches: generated, not written by the team. */
export const GENERATED_DIRS = new Set([
  'dist',
  'build',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.cache',
  'coverage',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.gradle',
  'target',
  '.parcel-cache',
  '.angular',
  '.terraform',
]);
export const VCS_DIRS = new Set(['.git', '.hg', '.svn']);

const LOCKFILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lockb',
  'bun.lock',
  'Cargo.lock',
  'poetry.lock',
  'Pipfile.lock',
  'Gemfile.lock',
  'composer.lock',
  'go.sum',
  'packages.lock.json',
  'mix.lock',
  'pubspec.lock',
  'uv.lock',
  'deno.lock',
  'flake.lock',
  'Podfile.lock',
  'Package.resolved',
  'pdm.lock',
  'gradle.lockfile',
]);
const ARCHIVE_EXT = /\.(zip|tar|tgz|gz|bz2|xz|7z|rar|jar|war|ear|apk|whl|nupkg|zst)$/i;
const MINIFIED_NAME = /\.min\.(js|mjs|css)$|[.-]bundle\.js$|\.js\.map$|\.css\.map$/i;

export type DirVerdict = SkippedEntry['reason'] | null;

/**
 * The files beside a folder: their names, and the text of the build configs among them (package.json,
 * tsconfig*.json, *.config.*), which say whether a `build/` or `dist/` is output or sources.
 */
export interface Siblings {
  names: Set<string>;
  text(name: string): string | null;
}

// names that are build output only when the tool that writes them is set up beside them: a
// `build/` of scripts run by `bun ./build/build.ts` is sources
const OUTPUT_NAMES = new Set(['build', 'dist', 'target']);
// the build files of tools that write into a folder of that name next to them
const WRITERS: Record<string, RegExp> = {
  build:
    /^(build\.gradle(\.kts)?|settings\.gradle(\.kts)?|setup\.py|pyproject\.toml|CMakeLists\.txt|pubspec\.yaml|angular\.json)$/,
  dist: /^(setup\.py|pyproject\.toml|angular\.json)$/,
  target: /^(pom\.xml|Cargo\.toml|build\.sbt|project\.clj)$/,
};
/** The configs read to tell output from sources. */
export const OUTPUT_CONFIG = /^(package\.json|tsconfig[\w.-]*\.json|[\w-]+\.config\.[cm]?[jt]s)$/;
// package.json fields naming what the build produces
const PACKAGE_OUTPUT_FIELDS = [
  'main',
  'module',
  'types',
  'typings',
  'exports',
  'bin',
  'browser',
  'files',
  'unpkg',
];

/** Whether a package.json, tsconfig or bundler config beside the folder names it as its output. */
function configuredOutput(name: string, siblings: Siblings): boolean {
  const into = new RegExp(`(^|["'\`\\s(])(\\./)?${name}(/|["'\`]|$)`);
  for (const file of siblings.names) {
    if (!OUTPUT_CONFIG.test(file)) continue;
    const text = siblings.text(file);
    if (!text) continue;
    if (file === 'package.json') {
      let pkg: Record<string, unknown>;
      try {
        pkg = JSON.parse(text) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (PACKAGE_OUTPUT_FIELDS.some((k) => pkg[k] !== undefined && into.test(JSON.stringify(pkg[k]))))
        return true;
    } else if (/^tsconfig/.test(file)) {
      const m = /"(?:outDir|declarationDir)"\s*:\s*"([^"]{1,200})"/.exec(text);
      if (m && into.test(`"${m[1]}"`)) return true;
    } else {
      for (const m of text.matchAll(/\b(?:outDir|outdir|outputDir|distDir|dir|path)\s*:\s*([^,\n]{1,120})/g))
        if (into.test(m[1]!)) return true;
    }
  }
  return false;
}

/** Whether the project's scripts run a file inside the folder (`bun ./build/build.ts`): hand-written sources. */
function runByScript(name: string, siblings: Siblings): boolean {
  const text = siblings.names.has('package.json') ? siblings.text('package.json') : null;
  if (!text) return false;
  let scripts: unknown;
  try {
    scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
  } catch {
    return false;
  }
  if (!scripts || typeof scripts !== 'object') return false;
  const run = new RegExp(`(^|[\\s;&|])(\\./)?${name}/[\\w./-]{1,200}\\.[cm]?[jt]sx?\\b`);
  return Object.values(scripts).some((s) => typeof s === 'string' && run.test(s));
}

/**
 * Why a whole directory is skipped, or null to descend into it. `build/`, `dist/` and `target/`
 * are output only when their siblings show a tool that writes there; without `siblings` (a bare
 * listing) the name decides.
 */
export function classifyDir(name: string, siblings?: Siblings): DirVerdict {
  if (DEPENDENCY_DIRS.has(name)) return 'dependency-folder';
  if (VENDORED_DIRS.has(name)) return 'vendored';
  if (siblings && OUTPUT_NAMES.has(name)) return isBuildOutput(name, siblings) ? 'generated' : null;
  if (GENERATED_DIRS.has(name)) return 'generated';
  if (VCS_DIRS.has(name)) return 'other';
  return null;
}

function isBuildOutput(name: string, siblings: Siblings): boolean {
  if (runByScript(name, siblings)) return false;
  if ([...siblings.names].some((n) => WRITERS[name]!.test(n))) return true;
  return configuredOutput(name, siblings);
}

/** Verdict from the name alone (cheap, before any bytes are read). */
export function classifyFileName(name: string): SkippedEntry['reason'] | null {
  if (LOCKFILES.has(name)) return 'generated';
  if (ARCHIVE_EXT.test(name)) return 'nested-archive';
  if (MINIFIED_NAME.test(name)) return 'minified';
  return null;
}

export function isArchiveName(name: string): boolean {
  return ARCHIVE_EXT.test(name);
}

/** Bytes read from the start of each file to decide binary / minified. */
export const SNIFF_BYTES = 8192;

// prose formats: no tool minifies them; a README holding a table of sponsors' logos in HTML is
// kilobytes of markup on a few lines, and is still the README
const PROSE_NAME = /\.(md|markdown|mdx|rst|adoc|asciidoc|txt)$/i;

/**
 * Verdict from the first bytes of a file: NUL byte → binary; text made of very long lines → minified,
 * unless its name says it is prose.
 */
export function classifyContent(head: Uint8Array, size: number, name = ''): SkippedEntry['reason'] | null {
  // UTF-16 text holds NUL bytes too, but it is text (a generated type file, a Windows export)
  if (head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)))
    return 'utf16-text';
  if (head.includes(0)) return 'binary';
  // Minified bundles put kilobytes on one line; hand-written code almost never does. Small files are
  // exempt so a one-line config does not count as minified.
  if (size > 4096 && !PROSE_NAME.test(name)) {
    let longest = 0;
    let run = 0;
    let lines = 1;
    for (const byte of head) {
      if (byte === 10) {
        lines++;
        if (run > longest) longest = run;
        run = 0;
      } else run++;
    }
    if (run > longest) longest = run;
    // one long line among many short ones is a hand-written file holding a data literal (a colour
    // table, an embedded certificate), not a bundle: the long lines must make up most of the text
    if ((longest > 2000 && longest * 2 > head.length) || head.length / lines > 300) return 'minified';
  }
  return null;
}
