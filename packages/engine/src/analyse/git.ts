// Pass: commit history from `git log` when the workspace root holds a real .git folder. Everything in
// an uploaded .git is untrusted: a `.git` file (gitfile) is ignored, the folder must resolve inside
// the workspace, may not hold symlinks or point at other object stores, and git runs with GIT_DIR set
// explicitly, discovery fenced off, no system/global config, and every config key that can start a
// program overridden on the command line. Any doubt or failure means "no history".

import { execFile } from 'node:child_process';
import { lstat, readdir, realpath } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { GitInfo } from './types.ts';

/**
 * Config keys a repository could set to make `git log` run a program or read outside the folder;
 * each is forced to a harmless value (command-line `-c` wins over the repository's config).
 */
const SAFE_CONFIG: [string, string][] = [
  ['core.fsmonitor', 'false'],
  ['core.hooksPath', os.devNull],
  ['core.pager', 'cat'],
  ['pager.log', 'false'],
  ['core.editor', 'true'],
  ['core.askPass', ''],
  ['core.sshCommand', 'false'],
  ['core.gitProxy', ''],
  ['credential.helper', ''],
  ['diff.external', ''],
  ['log.showSignature', 'false'],
  ['gpg.program', 'false'],
  ['gpg.ssh.program', 'false'],
  ['gpg.x509.program', 'false'],
  ['gpg.ssh.allowedSignersFile', os.devNull],
  ['log.mailmap', 'false'],
  ['mailmap.file', os.devNull],
  ['mailmap.blob', ''],
  ['protocol.allow', 'never'],
  ['fetch.recurseSubmodules', 'false'],
  ['submodule.recurse', 'false'],
  ['core.untrackedCache', 'false'],
  ['core.preloadIndex', 'false'],
  ['color.ui', 'false'],
];

/** Files in a git folder that make git read objects or config from elsewhere on the machine. */
const REDIRECTS = [
  'commondir',
  'gitdir',
  path.join('objects', 'info', 'alternates'),
  path.join('objects', 'info', 'http-alternates'),
];
/** A .git folder with more entries than this is not walked for symlinks; history is skipped instead. */
const MAX_GIT_ENTRIES = 200_000;

export interface GitPassOptions {
  timeoutMs?: number;
  maxCommits?: number;
}

/** The environment git runs with: nothing from the server's own environment or home but PATH. */
function gitEnv(gitDir: string, root: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    GIT_DIR: gitDir,
    GIT_WORK_TREE: root,
    GIT_CEILING_DIRECTORIES: path.dirname(root),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_CONFIG_SYSTEM: os.devNull,
    GIT_ATTR_NOSYSTEM: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_EDITOR: 'true',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    GIT_EXTERNAL_DIFF: '',
    GIT_PROTOCOL_FROM_USER: '0',
    HOME: os.tmpdir(),
    XDG_CONFIG_HOME: os.tmpdir(),
    LC_ALL: 'C',
  };
}

function git(gitDir: string, root: string, args: string[], timeoutMs: number): Promise<string> {
  const overrides = SAFE_CONFIG.flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [
        ...overrides,
        '-c',
        `safe.directory=${gitDir}`,
        '--no-pager',
        '--no-replace-objects',
        '--literal-pathspecs',
        ...args,
      ],
      {
        cwd: root,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 32 << 20,
        env: gitEnv(gitDir, root),
        windowsHide: true,
      },
      (err, stdout) => (err ? reject(err) : resolve(stdout)),
    );
  });
}

/**
 * The git folder to read history from, or null: `${root}/.git` must be a real directory (not a
 * gitfile, not a symlink) whose real path is inside the workspace, with no symlink anywhere inside
 * it and no file that redirects git to another repository or object store.
 */
export async function trustedGitDir(root: string): Promise<string | null> {
  try {
    const realRoot = await realpath(root);
    const candidate = path.join(realRoot, '.git');
    const st = await lstat(candidate);
    if (!st.isDirectory()) return null; // a gitfile ("gitdir: …") or a symlink: ignored entirely
    const real = await realpath(candidate);
    if (real !== candidate || !real.startsWith(realRoot + path.sep)) return null;
    for (const redirect of REDIRECTS) {
      const exists = await lstat(path.join(real, redirect)).then(
        () => true,
        () => false,
      );
      if (exists) return null;
    }
    let seen = 0;
    for (const entry of await readdir(real, { recursive: true, withFileTypes: true })) {
      if (++seen > MAX_GIT_ENTRIES) return null;
      if (entry.isSymbolicLink() || !(entry.isFile() || entry.isDirectory())) return null;
    }
    return real;
  } catch {
    return null;
  }
}

export async function gitPass(root: string, opts: GitPassOptions = {}): Promise<GitInfo | null> {
  const gitDir = await trustedGitDir(root);
  if (!gitDir) return null;
  try {
    const out = await git(
      gitDir,
      path.dirname(gitDir),
      [
        'log',
        '--no-color',
        '--no-show-signature',
        '--no-mailmap',
        '--no-ext-diff',
        '--no-textconv',
        `--max-count=${opts.maxCommits ?? 20000}`,
        '--format=%H%x1f%aI%x1f%aN%x1f%s',
      ],
      opts.timeoutMs ?? 15000,
    );
    const rows = out
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('\x1f')) as [string, string, string, string][];
    const authors = new Map<string, number>();
    for (const r of rows) authors.set(r[2], (authors.get(r[2]) ?? 0) + 1);
    return {
      commits: rows.length,
      authors: [...authors]
        .map(([name, commits]) => ({ name, commits }))
        .sort((a, b) => b.commits - a.commits)
        .slice(0, 50),
      firstCommit: rows.at(-1)?.[1] ?? null,
      lastCommit: rows[0]?.[1] ?? null,
      recent: rows
        .slice(0, 20)
        .map(([hash, date, author, subject]) => ({ hash: hash.slice(0, 12), date, author, subject })),
    };
  } catch {
    return null;
  }
}
