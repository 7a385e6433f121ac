// Local-folder ingest on the shared sample-app fixture: .gitignore, build output, binaries, symlinks.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import type { EngineContext } from '../types.ts';
import { ingestDirectory } from './directory-ingest.ts';

const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/sample-app');
const ctx = (workDir: string): EngineContext => ({ workDir, now: () => new Date(0), onProgress: () => {} });

describe('ingestDirectory', () => {
  it('lists the sample app in place', async () => {
    const ws = await ingestDirectory(fixture, ctx(os.tmpdir()));
    expect(ws.root).toBe(await fs.realpath(fixture));
    expect(ws.name).toBe('sample-app');
    const paths = ws.files.map((f) => f.path);
    expect(paths).toContain('src/routes/books.ts');
    expect(paths).toContain('scripts/pyhelper/import_catalog.py');
    expect(paths).toContain('.github/workflows/ci.yml');
    expect(paths).toContain('.env.example');
    expect(ws.files.find((f) => f.path === 'package.json')?.size).toBeGreaterThan(100);
  });

  it('honours nested .gitignore files and skips build output, binaries and links', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    try {
      await fs.mkdir(path.join(dir, 'app/gen'), { recursive: true });
      await fs.mkdir(path.join(dir, 'dist'));
      await fs.mkdir(path.join(dir, 'node_modules/x'), { recursive: true });
      await fs.writeFile(path.join(dir, '.gitignore'), '*.secret\n');
      await fs.writeFile(path.join(dir, 'app/.gitignore'), 'gen/\n!keep.secret\n');
      await fs.writeFile(path.join(dir, 'app/main.py'), 'print("hi")\n');
      await fs.writeFile(path.join(dir, 'app/gen/out.py'), 'x = 1\n');
      await fs.writeFile(path.join(dir, 'app/keys.secret'), 'k\n');
      await fs.writeFile(path.join(dir, 'app/keep.secret'), 'k\n');
      await fs.writeFile(path.join(dir, 'dist/bundle.js'), 'x\n');
      // tsconfig names dist/ as its output: build output, skipped
      await fs.writeFile(path.join(dir, 'tsconfig.json'), '{ "compilerOptions": { "outDir": "dist" } }\n');
      await fs.writeFile(path.join(dir, 'node_modules/x/index.js'), 'x\n');
      await fs.writeFile(path.join(dir, 'image.bin'), Buffer.from([1, 2, 0, 3]));
      await fs.writeFile(path.join(dir, 'huge.txt'), 'a\n'.repeat(600));
      await fs.symlink('/etc/hostname', path.join(dir, 'link'));
      // a link to a file inside the tree is still not followed, but its target is noted
      await fs.symlink('app/main.py', path.join(dir, 'main-link.py'));
      await fs.symlink('../../outside', path.join(dir, 'app/up'));
      const ws = await ingestDirectory(dir, { ...ctx(dir), limits: { maxFileBytes: 1000 } });
      expect(ws.files.map((f) => f.path)).toEqual([
        '.gitignore',
        'app/.gitignore',
        'app/keep.secret',
        'app/main.py',
        'tsconfig.json',
      ]);
      expect(Object.fromEntries(ws.skipped.map((s) => [s.path, s.reason]))).toEqual({
        'app/gen/': 'gitignore',
        'app/keys.secret': 'gitignore',
        'dist/': 'generated',
        'node_modules/': 'dependency-folder',
        'image.bin': 'binary',
        'huge.txt': 'too-large',
        link: 'other',
        'main-link.py': 'other',
        'app/up': 'other',
      });
      expect(ws.skipped.filter((s) => s.linkTo)).toEqual([
        { path: 'main-link.py', reason: 'other', linkTo: 'app/main.py' },
      ]);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('rejects a missing folder with a clear message', async () => {
    await expect(
      ingestDirectory(path.join(os.tmpdir(), 'atr-does-not-exist-xyz'), ctx(os.tmpdir())),
    ).rejects.toThrow(EngineError);
    await expect(
      ingestDirectory(path.join(os.tmpdir(), 'atr-does-not-exist-xyz'), ctx(os.tmpdir())),
    ).rejects.toThrow(/does not exist or is not a folder/);
  });
});
