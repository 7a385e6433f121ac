// The git pass against hostile uploads: a gitfile pointing at another repository on the machine,
// a .git/config that names programs to run, symlinks and object-store redirects inside .git.

import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ingestZip } from '../ingest/zip-ingest.ts';
import type { EngineContext } from '../types.ts';
import { analyse } from './index.ts';
import { gitPass, trustedGitDir } from './git.ts';

let tmp: string;

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Server Owner', '-c', 'user.email=owner@server.example', ...args],
    { cwd, stdio: 'pipe', env: { ...process.env, GIT_CONFIG_GLOBAL: os.devNull, GIT_CONFIG_NOSYSTEM: '1' } },
  ).toString();
}

/** A repository with two commits by "Server Owner", standing in for the server's own checkout. */
async function makeRepo(dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'app.js'), 'console.log(1);\n');
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'Secret server commit');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'Another server commit');
  return dir;
}

const ctx = (workDir: string): EngineContext => ({
  workDir,
  now: () => new Date('2026-01-01T00:00:00Z'),
  onProgress: () => {},
});

async function zipOf(items: [string, string][]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of items) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-git-'));
});
afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('git history from an upload', () => {
  it('reads the history of a real .git folder inside the workspace', async () => {
    const repo = await makeRepo(path.join(tmp, 'plain'));
    const info = await gitPass(repo);
    expect(info).toMatchObject({ commits: 2, authors: [{ name: 'Server Owner', commits: 2 }] });
  });

  it('ignores a ZIP whose .git is a gitfile pointing at a repository elsewhere on disk', async () => {
    const server = await makeRepo(path.join(tmp, 'server-checkout'));
    const archive = path.join(tmp, 'gitfile.zip');
    await fs.writeFile(
      archive,
      await zipOf([
        ['project/.git', `gitdir: ${path.join(server, '.git')}\n`],
        ['project/index.js', 'export const x = 1;\n'],
      ]),
    );
    const work = path.join(tmp, 'work-gitfile');
    const workspace = await ingestZip(archive, ctx(work));
    // the gitfile itself reached the disk: the guard is the git pass, not ingest
    expect((await fs.lstat(path.join(workspace.root, '.git'))).isFile()).toBe(true);
    expect(await trustedGitDir(workspace.root)).toBeNull();
    const analysis = await analyse(workspace, ctx(work));
    expect(analysis.git).toBeNull();
    expect(JSON.stringify(analysis)).not.toContain('Server Owner');
    expect(JSON.stringify(analysis)).not.toContain('Secret server commit');
  });

  it('never runs a program named by the uploaded .git/config (fsmonitor, pager, gpg)', async () => {
    const repo = await makeRepo(path.join(tmp, 'hostile-config'));
    const marker = path.join(tmp, 'marker');
    const evil = path.join(tmp, 'evil.sh');
    await fs.writeFile(evil, `#!/bin/sh\necho "$0 $*" >> '${marker}'\ncat >/dev/null\nexit 0\n`, {
      mode: 0o755,
    });
    // a commit carrying a signature, so `log.showSignature` makes git call gpg.program on it
    const head = git(repo, 'rev-parse', 'HEAD').trim();
    const tree = git(repo, 'rev-parse', 'HEAD^{tree}').trim();
    const body = `tree ${tree}\nparent ${head}\nauthor Server Owner <o@x> 1700000000 +0000\ncommitter Server Owner <o@x> 1700000000 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQ==\n -----END PGP SIGNATURE-----\n\nsigned\n`;
    await fs.writeFile(path.join(tmp, 'commit.txt'), body);
    const signed = git(repo, 'hash-object', '-t', 'commit', '-w', path.join(tmp, 'commit.txt')).trim();
    git(repo, 'update-ref', 'HEAD', signed);
    for (const key of ['core.fsmonitor', 'core.pager', 'gpg.program', 'diff.external', 'core.sshCommand'])
      git(repo, 'config', key, evil);
    git(repo, 'config', 'log.showSignature', 'true');

    // the attack is real: a plain `git log` in that folder runs the program
    git(repo, 'log', '--format=%s');
    expect(await fs.readFile(marker, 'utf8')).toContain('evil.sh');
    await fs.rm(marker);

    const info = await gitPass(repo);
    expect(info?.commits).toBe(3);
    await expect(fs.access(marker)).rejects.toThrow();
  });

  it('a ZIP holding a whole .git folder with a hostile config: never extracted, never run', async () => {
    const repo = await makeRepo(path.join(tmp, 'zipped-repo'));
    const marker = path.join(tmp, 'zip-marker');
    const evil = path.join(tmp, 'zip-evil.sh');
    await fs.writeFile(evil, `#!/bin/sh\necho "$0 $*" >> '${marker}'\ncat >/dev/null\nexit 0\n`, {
      mode: 0o755,
    });
    for (const key of ['core.fsmonitor', 'core.pager', 'gpg.program']) git(repo, 'config', key, evil);
    git(repo, 'config', 'log.showSignature', 'true');
    const items: [string, string][] = [];
    for (const entry of await fs.readdir(repo, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const abs = path.join(entry.parentPath, entry.name);
      items.push([`project/${path.relative(repo, abs)}`, await fs.readFile(abs, 'latin1')]);
    }
    expect(items.some(([n]) => n === 'project/.git/config')).toBe(true);
    const archive = path.join(tmp, 'with-git.zip');
    const zip = new yazl.ZipFile();
    for (const [name, data] of items) zip.addBuffer(Buffer.from(data, 'latin1'), name);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    await fs.writeFile(archive, Buffer.concat(chunks));
    const work = path.join(tmp, 'work-with-git');
    const workspace = await ingestZip(archive, ctx(work));
    expect(workspace.skipped).toContainEqual({ path: '.git/', reason: 'other' });
    await expect(fs.access(path.join(workspace.root, '.git'))).rejects.toThrow();
    const analysis = await analyse(workspace, ctx(work));
    expect(analysis.git).toBeNull();
    await expect(fs.access(marker)).rejects.toThrow();
  });

  it('skips history when .git is a symlink, holds a symlink, or borrows objects from elsewhere', async () => {
    const server = await makeRepo(path.join(tmp, 'server-2'));

    const linked = path.join(tmp, 'linked');
    await fs.mkdir(linked);
    await fs.symlink(path.join(server, '.git'), path.join(linked, '.git'));
    expect(await gitPass(linked)).toBeNull();

    const inner = await makeRepo(path.join(tmp, 'inner-link'));
    await fs.rm(path.join(inner, '.git', 'refs', 'heads'), { recursive: true });
    await fs.symlink(path.join(server, '.git', 'refs', 'heads'), path.join(inner, '.git', 'refs', 'heads'));
    expect(await gitPass(inner)).toBeNull();

    const alt = await makeRepo(path.join(tmp, 'alternates'));
    await fs.writeFile(
      path.join(alt, '.git', 'objects', 'info', 'alternates'),
      `${path.join(server, '.git', 'objects')}\n`,
    );
    expect(await gitPass(alt)).toBeNull();

    const common = await makeRepo(path.join(tmp, 'commondir'));
    await fs.writeFile(path.join(common, '.git', 'commondir'), `${path.join(server, '.git')}\n`);
    expect(await gitPass(common)).toBeNull();
  });
});
