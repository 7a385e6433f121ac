// Writes a brotli (.br) and a gzip (.gz) copy beside every built file worth compressing, so the server sends
// compressed bytes without compressing on each request. Used as a Vite plugin at the end of `vite build`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Formats that are compressed already: a second compression only adds bytes. */
const ALREADY_COMPRESSED = /\.(png|jpe?g|gif|webp|avif|woff2?|zip|gz|br)$/i;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export interface PrecompressResult {
  file: string;
  size: number;
  br: number;
  gz: number;
}

/** Compresses every file under `dir` (brotli at maximum quality, gzip at level 9); returns the sizes. */
export async function precompressDir(dir: string): Promise<PrecompressResult[]> {
  const results: PrecompressResult[] = [];
  const work: Promise<void>[] = [];
  for await (const file of files(dir)) {
    if (ALREADY_COMPRESSED.test(file)) continue;
    work.push(
      (async () => {
        const bytes = await fs.readFile(file);
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzip(bytes, { level: 9 }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        results.push({ file: path.relative(dir, file), size: bytes.length, br: br.length, gz: gz.length });
      })(),
    );
  }
  await Promise.all(work);
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

/** The Vite plugin: compresses the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atr-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const results = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      const total = results.reduce((t, r) => ({ size: t.size + r.size, br: t.br + r.br, gz: t.gz + r.gz }), {
        size: 0,
        br: 0,
        gz: 0,
      });
      this.info?.(
        `precompressed ${results.length} files: ${kb(total.size)} → brotli ${kb(total.br)}, gzip ${kb(total.gz)}`,
      );
    },
  };
}
