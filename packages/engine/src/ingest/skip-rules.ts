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
]);
const ARCHIVE_EXT = /\.(zip|tar|tgz|gz|bz2|xz|7z|rar|jar|war|ear|apk|whl|nupkg|zst)$/i;
const MINIFIED_NAME = /\.min\.(js|mjs|css)$|[.-]bundle\.js$|\.js\.map$|\.css\.map$/i;

export type DirVerdict = SkippedEntry['reason'] | null;

/** Why a whole directory is skipped, or null to descend into it. */
export function classifyDir(name: string): DirVerdict {
  if (DEPENDENCY_DIRS.has(name)) return 'dependency-folder';
  if (VENDORED_DIRS.has(name)) return 'vendored';
  if (GENERATED_DIRS.has(name)) return 'generated';
  if (VCS_DIRS.has(name)) return 'other';
  return null;
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

/** Verdict from the first bytes of a file: NUL byte → binary; text made of very long lines → minified. */
export function classifyContent(head: Uint8Array, size: number): SkippedEntry['reason'] | null {
  if (head.includes(0)) return 'binary';
  // Minified bundles put kilobytes on one line; hand-written code almost never does. Small files are
  // exempt so a one-line config does not count as minified.
  if (size > 4096) {
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
