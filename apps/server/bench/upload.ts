// Upload to completed (`npm run bench:upload`): starts the server as `npm start` runs it (PGlite,
// offline agents, no AI configured), uploads a small repository with the generic template through
// POST /api/generate and polls GET /api/status every 50 ms until the report is completed. Each run is
// a new user, so no run reuses another's cached analysis. Prints every run and the median; also the
// time each report's process took from fork to 'ready', read from the server's log.
// BENCH_REPO: a .tar.gz or a folder (default: the engine's sample project); BENCH_RUNS (default 5);
// BENCH_SERVER=sources runs the TypeScript sources through tsx instead of the build.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GENERIC_TEMPLATE_FILENAME } from '@atr/shared';
import {
  multipartBody,
  PNG_1PX,
  SAMPLE_APP_DIR,
  zipDirectory,
  type Part,
} from '../src/modules/reports/test-helpers.ts';
import { freePortGuess, SERVER_DIR, SERVER_MODE, signUp, startServer, waitForReport } from './server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPO = process.env.BENCH_REPO;

/** The repository as a ZIP: a folder as is, a .tar.gz unpacked first (its single top folder, if any). */
async function repositoryZip(scratch: string): Promise<{ name: string; zip: Buffer }> {
  if (!REPO) return { name: 'sample-app', zip: await zipDirectory(SAMPLE_APP_DIR) };
  let dir = path.resolve(REPO);
  if ((await fs.stat(dir)).isFile()) {
    const out = path.join(scratch, 'repo');
    await fs.mkdir(out);
    execFileSync('tar', ['-xzf', dir, '-C', out]);
    const entries = await fs.readdir(out);
    dir = entries.length === 1 ? path.join(out, entries[0]!) : out;
  }
  return { name: path.basename(REPO).replace(/\.tar\.gz$/, ''), zip: await zipDirectory(dir) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-bench-upload-'));
  const server = await startServer({
    PORT: freePortGuess(),
    DATA_DIR: path.join(scratch, 'data'),
    LOG_LEVEL: 'info',
    AI_PROVIDER: 'offline',
  });
  try {
    const { name, zip } = await repositoryZip(scratch);
    const template = await fs.readFile(
      path.join(SERVER_DIR, '../../packages/engine/templates', GENERIC_TEMPLATE_FILENAME),
    );
    console.log(`${name}: ${(zip.length / 1024).toFixed(0)} KB zip, server: ${SERVER_MODE}, ${RUNS} runs`);
    const totals: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const auth = await signUp(server.url, `bench-${randomBytes(4).toString('hex')}@example.com`);
      const parts: [string, Part][] = [
        ['project_name', name],
        ['project_source', 'zip'],
        ['codebase', { name: `${name}.zip`, type: 'application/zip', data: zip }],
        ['template', { name: GENERIC_TEMPLATE_FILENAME, type: 'application/x-yaml', data: template }],
        ['company_logo', { name: 'logo.png', type: 'image/png', data: PNG_1PX }],
      ];
      const body = await multipartBody(parts);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/generate`, {
        method: 'POST',
        headers: { ...body.headers, ...auth },
        body: body.payload,
      });
      const answer = (await res.json()) as { report_id?: string; message?: string };
      if (!answer.report_id) throw new Error(`upload answered ${res.status}: ${answer.message}`);
      const uploadedMs = performance.now() - started;
      const uploadedAt = Date.now();
      const status = await waitForReport(server.url, auth, answer.report_id, 600_000);
      const ms = performance.now() - started;
      if (status.state !== 'completed') throw new Error(`the report ended ${status.state}: ${status.error}`);
      totals.push(ms);
      // Where the time went: the upload's answer, the wait for a worker and the process, each step.
      const steps = status.step_log ?? [];
      const first = steps[0] ? Date.parse(steps[0].startedAt) - uploadedAt : NaN;
      const breakdown = steps
        .map((s) => `${s.step} ${s.endedAt ? Date.parse(s.endedAt) - Date.parse(s.startedAt) : '?'}`)
        .join(', ');
      console.log(
        `  run ${i + 1}: upload to completed ${ms.toFixed(0)} ms (upload answered ${uploadedMs.toFixed(0)} ms, first step after ${first} ms; ${breakdown})`,
      );
    }
    const ready = server.lines
      .map((l) => JSON.parse(l) as { msg?: string; readyMs?: number })
      .filter((l) => l.msg === 'report process ready')
      .map((l) => l.readyMs!);
    console.log(
      `median upload to completed: ${median(totals).toFixed(0)} ms (min ${Math.min(...totals).toFixed(0)}, max ${Math.max(...totals).toFixed(0)})`,
    );
    if (ready.length)
      console.log(`report process fork to ready: median ${median(ready)} ms, max ${Math.max(...ready)} ms`);
  } finally {
    await server.stop();
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
