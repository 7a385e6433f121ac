// Ingests one ZIP in its own process and prints its time and peak RSS: proves extraction streams.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ingestZip } from '../src/ingest/zip-ingest.ts';

const [zipPath] = process.argv.slice(2);
if (!zipPath) throw new Error('usage: run-ingest.ts <file.zip>');
const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
try {
  const t0 = performance.now();
  const ws = await ingestZip(zipPath, { workDir, now: () => new Date(), onProgress: () => {} });
  const bytes = ws.files.reduce((n, f) => n + f.size, 0);
  console.log(
    JSON.stringify({
      ms: performance.now() - t0,
      files: ws.files.length,
      bytes,
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
} finally {
  await fs.rm(workDir, { recursive: true, force: true });
}
