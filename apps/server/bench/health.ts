// Health under attack (`npm run bench:health`): starts the server as `npm start` runs it (one process,
// report worker inside), on PGlite and, when BENCH_DATABASE_URL / DATABASE_URL / TEST_DATABASE_URL names
// a server, on PostgreSQL. It measures how long GET /api/health takes while one user sends the hostile
// uploads of the hardening issue: PNG decompression bombs and damaged PNGs as logos, the largest
// template the upload limits allow (256 KB, tens of thousands of headings), and a report with the most
// headings a template may have, generated to the end. Prints p50/p99/max per phase; exits non-zero if
// the server dies, a health check fails, or the attack is not refused as it should be.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PNG_BAD_FILTER, PNG_CORRUPT_ZLIB, pngBomb } from '../../../packages/engine/test/hostile-images.ts';
import {
  multipartBody,
  SAMPLE_APP_DIR,
  zipDirectory,
  type Part,
} from '../src/modules/reports/test-helpers.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SERVER_DIR = path.resolve(HERE, '..');
const HEALTH_EVERY_MS = 50;
const IDLE_S = Number(process.env.BENCH_IDLE ?? 5);
const REPORT_TIMEOUT_S = Number(process.env.BENCH_REPORT_TIMEOUT ?? 600);
/** How long each attack is kept up (uploads one after another) while /api/health is measured. */
const ATTACK_S = Number(process.env.BENCH_ATTACK ?? 15);

interface Phase {
  name: string;
  samples: number[];
  failures: number;
}

/** The largest template the byte limit allows: 256 KB of chapters, sections and subsections. */
function maximalTemplate(maxBytes = 256 * 1024): string {
  let out = 'report_structure:\n';
  for (let c = 1; out.length < maxBytes - 200; c++) {
    out += `  - title: Chapter ${c}\n    sections:\n`;
    for (let s = 1; s <= 60 && out.length < maxBytes - 200; s++) {
      out += `      - title: Section ${c}.${s}\n        subsections:\n`;
      for (let u = 1; u <= 8 && out.length < maxBytes - 100; u++)
        out += `          - Subsection ${c}.${s}.${u}\n`;
    }
  }
  return out;
}

/** A template with exactly `headings` headings: chapters of 4 sections of 5 subsections (25 each). */
function templateWithHeadings(headings: number): string {
  let out = 'report_structure:\n';
  let left = headings;
  for (let c = 1; left > 0; c++) {
    out += `  - title: Chapter ${c}\n`;
    left--;
    if (left <= 0) break;
    out += '    sections:\n';
    for (let s = 1; s <= 4 && left > 0; s++) {
      out += `      - title: Section ${c}.${s}\n`;
      left--;
      if (left <= 0) break;
      out += '        subsections:\n';
      for (let u = 1; u <= 5 && left > 0; u++, left--) out += `          - Subsection ${c}.${s}.${u}\n`;
    }
  }
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AUTH_AUTOCONFIRM: 'true',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[server] ${d.toString()}`));
  child.stdout!.on('data', (d: Buffer) => {
    if (process.env.BENCH_VERBOSE) process.stdout.write(`[server] ${d.toString()}`);
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Polls /api/health one request at a time until `until` resolves, recording each latency. */
async function measure(url: string, name: string, until: Promise<unknown>): Promise<Phase> {
  const phase: Phase = { name, samples: [], failures: 0 };
  let done = false;
  until.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) {
    const started = performance.now();
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      if (!res.ok) phase.failures++;
    } catch {
      phase.failures++;
    }
    phase.samples.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
  }
  await until;
  return phase;
}

async function run(database: string, env: Record<string, string>): Promise<Phase[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-bench-health-'));
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const server = await startServer({ ...env, PORT: port, DATA_DIR: dataDir });
  const phases: Phase[] = [];
  try {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const signup = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-1' }),
    });
    const token = ((await signup.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const zip = await zipDirectory(SAMPLE_APP_DIR);
    const upload = async (template: string, logo: Buffer) => {
      const parts: [string, Part][] = [
        ['project_name', 'Bench'],
        ['project_source', 'zip'],
        ['codebase', { name: 'sample-app.zip', type: 'application/zip', data: zip }],
        ['template', { name: 'template.yaml', type: 'application/x-yaml', data: template }],
        ['company_logo', { name: 'logo.png', type: 'image/png', data: logo }],
      ];
      const body = await multipartBody(parts);
      const res = await fetch(`${server.url}/api/generate`, {
        method: 'POST',
        headers: { ...body.headers, ...auth },
        body: body.payload,
      });
      return { status: res.status, body: (await res.json()) as { report_id?: string; message?: string } };
    };
    const small = templateWithHeadings(3);
    const bomb = await pngBomb();

    phases.push(await measure(server.url, 'idle', new Promise((r) => setTimeout(r, IDLE_S * 1000))));

    phases.push(
      await measure(
        server.url,
        `hostile logos for ${ATTACK_S} s (PNG bombs, damaged PNGs, 3 at a time)`,
        (async () => {
          const until = Date.now() + ATTACK_S * 1000;
          let sent = 0;
          while (Date.now() < until) {
            const results = await Promise.all(
              [bomb, PNG_CORRUPT_ZLIB, PNG_BAD_FILTER].map((logo) => upload(small, logo)),
            );
            for (const r of results)
              if (r.status !== 400)
                throw new Error(`a hostile logo was answered ${r.status}: ${JSON.stringify(r.body)}`);
            sent += results.length;
          }
          console.log(`  ${sent} hostile logos refused`);
        })(),
      ),
    );

    const { PNG_VALID_4PX } = await import('../../../packages/engine/test/hostile-images.ts');
    phases.push(
      await measure(
        server.url,
        `maximal template (256 KB) uploaded for ${ATTACK_S} s`,
        (async () => {
          const until = Date.now() + ATTACK_S * 1000;
          const template = maximalTemplate();
          let sent = 0;
          let last = '';
          while (Date.now() < until) {
            const r = await upload(template, PNG_VALID_4PX);
            if (r.status !== 400)
              throw new Error(`the 256 KB template was answered ${r.status}: ${JSON.stringify(r.body)}`);
            sent++;
            last = r.body.message ?? '';
          }
          console.log(`  256 KB template refused ${sent} times: ${last}`);
        })(),
      ),
    );

    const headings = Number(process.env.BENCH_TEMPLATE_HEADINGS ?? 300);
    phases.push(
      await measure(
        server.url,
        `report with a ${headings}-heading template, generated to the end`,
        (async () => {
          const r = await upload(templateWithHeadings(headings), PNG_VALID_4PX);
          if (r.status !== 200 || !r.body.report_id)
            throw new Error(
              `the ${headings}-heading template was answered ${r.status}: ${JSON.stringify(r.body)}`,
            );
          const started = Date.now();
          for (;;) {
            const s = (await (
              await fetch(`${server.url}/api/status/${r.body.report_id}`, { headers: auth })
            ).json()) as { state: string; error?: string };
            if (s.state !== 'processing') {
              console.log(
                `  ${headings}-heading report: ${s.state} after ${Math.round((Date.now() - started) / 1000)} s${s.error ? ` (${s.error})` : ''}`,
              );
              break;
            }
            if (Date.now() - started > REPORT_TIMEOUT_S * 1000)
              throw new Error('the report did not finish in time');
            await new Promise((res) => setTimeout(res, 1000));
          }
        })(),
      ),
    );
    if (server.child.exitCode !== null) throw new Error(`the server died (exit ${server.child.exitCode})`);
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  for (const p of phases) {
    const sorted = [...p.samples].sort((a, b) => a - b);
    console.log(
      `${database.padEnd(10)} ${p.name.padEnd(64)} n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  max ${sorted[sorted.length - 1]!.toFixed(1)} ms  failures ${p.failures}`,
    );
  }
  return phases;
}

async function main() {
  const results: Phase[][] = [];
  if (process.env.BENCH_ONLY !== 'postgres') results.push(await run('PGlite', {}));
  const admin = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (admin && process.env.BENCH_ONLY !== 'pglite') {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    const name = `atr_bench_health_${randomBytes(4).toString('hex')}`;
    await client.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(admin);
      url.pathname = `/${name}`;
      results.push(await run('PostgreSQL', { DATABASE_URL: url.toString(), PAYMENTS: 'test' }));
    } finally {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    }
  }
  const failed = results.flat().some((p) => p.failures > 0);
  process.exit(failed ? 1 : 0);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
