// The corpus of real repositories (../shared/corpus beside the repository, or ATR_CORPUS_DIR):
// where it is, its names, and each archive unpacked once into a temporary folder.

import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The corpus folder, or null when it is not on this machine (an error under CI). */
export function corpusDir(): string | null {
  const candidates = [
    process.env.ATR_CORPUS_DIR,
    path.join(repoRoot, '../shared/corpus'),
    path.join(repoRoot, '../../shared/corpus'),
  ];
  const dir = candidates.find((d): d is string => !!d && existsSync(d));
  if (!dir && process.env.CI)
    throw new Error('the corpus (../shared/corpus or ATR_CORPUS_DIR) is required under CI');
  return dir ?? null;
}

/** Names of the corpus repositories (NAME.tar.gz beside NAME.facts.yaml). */
export function corpusNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.tar.gz'))
    .map((f) => f.slice(0, -'.tar.gz'.length))
    .sort();
}

const unpacked = new Map<string, Promise<string>>();

/** Unpacks NAME.tar.gz (once per process) and returns the repository's folder. */
export function unpackCorpus(dir: string, name: string): Promise<string> {
  let p = unpacked.get(name);
  if (!p) {
    p = (async () => {
      const into = await mkdtemp(path.join(os.tmpdir(), `atr-corpus-${name}-`));
      await run('tar', ['xzf', path.join(dir, `${name}.tar.gz`), '-C', into]);
      return path.join(into, name);
    })();
    unpacked.set(name, p);
  }
  return p;
}
