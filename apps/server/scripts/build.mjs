// The production build of the server (`npm start`, `npm run worker`): one esbuild pass that bundles the
// web process, the worker, the report engine's own process and the template reader's thread into dist/,
// with the workspace packages (@atr/engine, @atr/shared) compiled in and every installed package left to
// Node (native and WebAssembly modules such as sharp, PGlite, argon2 and tree-sitter load from node_modules
// as usual). Chunks sit next to the entry points, so code in any of them finds engine-child.js and
// template-worker.js beside itself and the package folder one level up. A file whose bytes did not change
// is not rewritten, and a changed one is replaced by a rename, so a build never hands a running process
// half a file.
import { build } from 'esbuild';
import { Buffer } from 'node:buffer';
import console from 'node:console';
import fs from 'node:fs/promises';
import process from 'node:process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist');

/** Installed packages stay imports; only this repository's workspaces are bundled. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@atr/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: {
    server: 'src/server.ts',
    worker: 'src/worker.ts',
    'engine-child': 'src/modules/reports/engine-child.ts',
    'template-worker': 'src/modules/reports/template-worker.ts',
  },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  chunkNames: 'chunk-[hash]',
  sourcemap: 'linked',
  legalComments: 'none',
  plugins: [installedPackagesExternal],
  write: false,
  logLevel: 'warning',
});

await fs.mkdir(OUT, { recursive: true });
let written = 0;
for (const file of result.outputFiles) {
  const current = await fs.readFile(file.path).catch(() => null);
  if (current && Buffer.compare(current, file.contents) === 0) continue;
  const tmp = `${file.path}.${process.pid}.tmp`;
  await fs.writeFile(tmp, file.contents);
  await fs.rename(tmp, file.path);
  written++;
}
console.log(
  `server build: ${result.outputFiles.length} files in dist/ (${written} changed) in ${Date.now() - started} ms`,
);
