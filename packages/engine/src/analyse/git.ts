// Pass: commit history from `git log` when the tree has a .git folder. git runs via execFile (no
// shell), with a timeout and with repository-configured helpers switched off; any failure means "no history".

import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GitInfo } from './types.ts';

function git(root: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      // the repository's own config is untrusted: switch off everything in it that could run a program
      ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'log.showSignature=false', '-c', `safe.directory=${root}`, '-C', root, ...args],
      {
        timeout: timeoutMs,
        maxBuffer: 32 << 20,
        env: { PATH: process.env.PATH ?? '', GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull, HOME: os.tmpdir(), GIT_PAGER: 'cat' },
        windowsHide: true,
      },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    );
  });
}

export async function gitPass(root: string, opts: { timeoutMs?: number; maxCommits?: number } = {}): Promise<GitInfo | null> {
  try {
    await stat(path.join(root, '.git'));
  } catch {
    return null;
  }
  try {
    const out = await git(root, ['log', '--no-color', '--no-show-signature', `--max-count=${opts.maxCommits ?? 20000}`, '--format=%H%x1f%aI%x1f%aN%x1f%s'], opts.timeoutMs ?? 15000);
    const rows = out.split('\n').filter(Boolean).map((l) => l.split('\x1f')) as [string, string, string, string][];
    const authors = new Map<string, number>();
    for (const r of rows) authors.set(r[2], (authors.get(r[2]) ?? 0) + 1);
    return {
      commits: rows.length,
      authors: [...authors].map(([name, commits]) => ({ name, commits })).sort((a, b) => b.commits - a.commits).slice(0, 50),
      firstCommit: rows.at(-1)?.[1] ?? null,
      lastCommit: rows[0]?.[1] ?? null,
      recent: rows.slice(0, 20).map(([hash, date, author, subject]) => ({ hash: hash.slice(0, 12), date, author, subject })),
    };
  } catch {
    return null;
  }
}
