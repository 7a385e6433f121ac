// Health under attack (`npm run bench:health`): starts the server as `npm start` runs it (the production
// build, one process, report worker inside), on PGlite and, when BENCH_DATABASE_URL / DATABASE_URL /
// TEST_DATABASE_URL names a server, on PostgreSQL. It measures how long GET /api/health takes while
// users send the hostile uploads of the hardening issues: PNG decompression bombs and damaged PNGs as
// logos, the largest template the upload limits allow (256 KB, tens of thousands of headings), a report
// with the most headings a template may have, a 10,000-file repository analysed to the end, templates
// whose one title is 250,000 characters (uploads and estimates, in parallel), 20 report jobs queued at
// once, and the last three together. Prints p50/p99/max per phase; exits non-zero if the server dies, a
// health check fails, or the attack is not refused as it should be. BENCH_PHASES (comma-separated:
// logos, maximal, headings, large, hostile, queued, together) picks phases; all by default.
// BENCH_ESTIMATE_MODEL=1 configures a model (an address nothing listens on, never called by an estimate)
// so that estimates parse the template as they do in production; report jobs would then need that
// model, so it goes with the phases that start none (logos, maximal, hostile).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { GENERIC_TEMPLATE_FILENAME } from '@atr/shared';
import {
  PNG_BAD_FILTER,
  PNG_CORRUPT_ZLIB,
  PNG_VALID_4PX,
  pngBomb,
} from '../../../packages/engine/test/hostile-images.ts';
import {
  multipartBody,
  SAMPLE_APP_DIR,
  zipDirectory,
  zipOf,
  type Part,
} from '../src/modules/reports/test-helpers.ts';
import { freePortGuess, SERVER_DIR, SERVER_MODE, signUp, startServer, waitForReport } from './server.ts';

const HEALTH_EVERY_MS = 50;
const PHASES = new Set(
  (process.env.BENCH_PHASES ?? 'logos,maximal,headings,large,hostile,queued,together').split(','),
);
/** Files in the large repository; the hardening issue's was 10,000 files (6.5 MB zipped). */
const LARGE_FILES = Number(process.env.BENCH_LARGE_FILES ?? 10_000);
/** Report jobs queued at once in the queued phase. */
const QUEUED_JOBS = Number(process.env.BENCH_QUEUED_JOBS ?? 20);
const IDLE_S = Number(process.env.BENCH_IDLE ?? 5);
const REPORT_TIMEOUT_S = Number(process.env.BENCH_REPORT_TIMEOUT ?? 600);
/** How long each attack is kept up (uploads one after another) while /api/health is measured. */
const ATTACK_S = Number(process.env.BENCH_ATTACK ?? 15);
/** A model configured for estimates only: the phases that run reports would call it. */
const ESTIMATE_MODEL: Record<string, string> =
  process.env.BENCH_ESTIMATE_MODEL === '1'
    ? {
        AI_PROVIDER: 'openai',
        AI_BASE_URL: 'http://127.0.0.1:9/v1',
        AI_API_KEY: 'bench-not-a-key',
        AI_MODEL: 'bench-model',
      }
    : {};
if (
  Object.keys(ESTIMATE_MODEL).length &&
  ['headings', 'large', 'queued', 'together'].some((p) => PHASES.has(p))
)
  throw new Error(
    'BENCH_ESTIMATE_MODEL=1 goes with the phases that run no report: BENCH_PHASES=logos,maximal,hostile',
  );

interface Phase {
  name: string;
  samples: number[];
  failures: number;
  /** CPU seconds the web process used during the phase (its report processes not included). */
  cpuS: number;
  /** How long the phase lasted (s). */
  wallS: number;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
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

/**
 * A repository of `count` TypeScript modules in folders of 100, each importing two neighbours and
 * exporting a few functions with distinct names and bodies, so it zips to a realistic size.
 */
async function largeRepository(count: number): Promise<Buffer> {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'large', version: '1.0.0', main: 'src/m0/f0.ts' }),
    'README.md': '# Large\n\nA generated code base for the health benchmark.\n',
  };
  for (let i = 0; i < count; i++) {
    const dir = `src/m${Math.floor(i / 100)}`;
    const a = (i + 1) % count;
    const b = (i * 7 + 3) % count;
    const salt = randomBytes(8).toString('hex');
    files[`${dir}/f${i}.ts`] =
      `import { run${a} } from '../m${Math.floor(a / 100)}/f${a}.ts';\n` +
      `import { check${b} } from '../m${Math.floor(b / 100)}/f${b}.ts';\n\n` +
      `/** Step ${i} of the pipeline (${salt}). */\n` +
      `export function run${i}(input: number[]): number {\n  let total = ${i};\n` +
      `  for (const x of input) total += x * ${(i % 13) + 1};\n  return check${b}(total) ? run${a}([total % ${i + 7}]) : total;\n}\n\n` +
      `export function check${i}(value: number): boolean {\n  return value % ${(i % 17) + 2} === 0 && value < ${i * 31 + 1000};\n}\n\n` +
      `export const label${i} = '${salt}-${i}';\n`;
  }
  return zipOf(files);
}

/** Polls /api/health one request at a time until `until` resolves, recording each latency. */
async function measure(
  url: string,
  name: string,
  until: Promise<unknown>,
  pid: number | undefined,
): Promise<Phase> {
  const phase: Phase = { name, samples: [], failures: 0, cpuS: 0, wallS: 0 };
  const cpuBefore = await cpuSeconds(pid);
  const startedAt = performance.now();
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
  phase.cpuS = (await cpuSeconds(pid)) - cpuBefore;
  phase.wallS = (performance.now() - startedAt) / 1000;
  return phase;
}

async function run(database: string, env: Record<string, string>): Promise<Phase[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-bench-health-'));
  const server = await startServer({ ...env, ...ESTIMATE_MODEL, PORT: freePortGuess(), DATA_DIR: dataDir });
  const phases: Phase[] = [];
  try {
    // Each phase is printed as it ends, so a later phase that fails leaves the earlier figures behind.
    const measureOn = async (name: string, until: Promise<unknown>) => {
      const p = await measure(server.url, name, until, server.child.pid);
      const sorted = [...p.samples].sort((x, y) => x - y);
      console.log(
        `${database.padEnd(10)} ${p.name.padEnd(64)} n=${String(sorted.length).padStart(5)}  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  max ${sorted[sorted.length - 1]!.toFixed(1)} ms  failures ${p.failures}  web CPU ${p.cpuS.toFixed(1)} s in ${p.wallS.toFixed(0)} s`,
      );
      return p;
    };
    const newUser = () => signUp(server.url, `bench-${randomBytes(4).toString('hex')}@example.com`);
    const auth = await newUser();
    const zip = await zipDirectory(SAMPLE_APP_DIR);
    const upload = async (
      template: string,
      logo: Buffer,
      codebase: Buffer = zip,
      as: Record<string, string> = auth,
    ) => {
      const parts: [string, Part][] = [
        ['project_name', 'Bench'],
        ['project_source', 'zip'],
        ['codebase', { name: 'code.zip', type: 'application/zip', data: codebase }],
        ['template', { name: 'template.yaml', type: 'application/x-yaml', data: template }],
        ['company_logo', { name: 'logo.png', type: 'image/png', data: logo }],
      ];
      const body = await multipartBody(parts);
      const res = await fetch(`${server.url}/api/generate`, {
        method: 'POST',
        headers: { ...body.headers, ...as },
        body: body.payload,
      });
      return { status: res.status, body: (await res.json()) as { report_id?: string; message?: string } };
    };
    const estimate = async (template: string) => {
      const res = await fetch(`${server.url}/api/estimate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ template, zipBytes: 1_000_000 }),
      });
      return { status: res.status, body: (await res.json()) as { enabled?: boolean; message?: string } };
    };
    const small = templateWithHeadings(3);
    const bomb = await pngBomb();

    console.log(`server: ${SERVER_MODE}`);
    phases.push(await measureOn('idle', new Promise((r) => setTimeout(r, IDLE_S * 1000))));

    if (PHASES.has('logos'))
      phases.push(
        await measureOn(
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

    if (PHASES.has('maximal'))
      phases.push(
        await measureOn(
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
    if (PHASES.has('headings'))
      phases.push(
        await measureOn(
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

    // (a) A 10,000-file repository analysed and written to the end, with the generic template.
    const generic = await fs.readFile(
      path.resolve(SERVER_DIR, '../../packages/engine/templates', GENERIC_TEMPLATE_FILENAME),
      'utf8',
    );
    const largeZip =
      PHASES.has('large') || PHASES.has('together') ? await largeRepository(LARGE_FILES) : null;
    const largeReport = async () => {
      const started = Date.now();
      const r = await upload(generic, PNG_VALID_4PX, largeZip!);
      if (r.status !== 200 || !r.body.report_id)
        throw new Error(`the large repository was answered ${r.status}: ${JSON.stringify(r.body)}`);
      const s = await waitForReport(server.url, auth, r.body.report_id, REPORT_TIMEOUT_S * 1000, 1000);
      if (s.state !== 'completed')
        throw new Error(`the large repository's report ended ${s.state}: ${s.error}`);
      console.log(
        `  ${LARGE_FILES}-file repository (${(largeZip!.length / 1e6).toFixed(1)} MB zip): completed after ${Math.round((Date.now() - started) / 1000)} s`,
      );
    };
    if (largeZip && PHASES.has('large'))
      phases.push(await measureOn(`${LARGE_FILES}-file repository analysed to the end`, largeReport()));

    // (b) Templates whose one title is 250,000 characters, as uploads and as estimates, 4 at a time.
    const hostileTemplate = `report_structure:\n  - title: ${'A'.repeat(250_000)}\n`;
    const hostile = async (keepUp: () => boolean) => {
      const answers = new Map<string, number>();
      const count = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
      while (keepUp()) {
        const [u1, u2, e1, e2] = await Promise.all([
          upload(hostileTemplate, PNG_VALID_4PX),
          upload(hostileTemplate, PNG_VALID_4PX),
          estimate(hostileTemplate),
          estimate(hostileTemplate),
        ]);
        for (const u of [u1, u2]) {
          if (u.status < 400 || u.status >= 500)
            throw new Error(`a 250,000-character title was answered ${u.status}: ${JSON.stringify(u.body)}`);
          count(`upload ${u.status}`);
        }
        for (const e of [e1, e2]) {
          if (e.status >= 500)
            throw new Error(`an estimate was answered ${e.status}: ${JSON.stringify(e.body)}`);
          count(`estimate ${e.status}${e.body.enabled === false ? ' (no model configured)' : ''}`);
        }
      }
      console.log(`  250,000-character titles: ${[...answers].map(([k, n]) => `${n}× ${k}`).join(', ')}`);
    };
    if (PHASES.has('hostile')) {
      const until = Date.now() + ATTACK_S * 1000;
      phases.push(
        await measureOn(
          `250,000-character titles, uploads and estimates, for ${ATTACK_S} s`,
          hostile(() => Date.now() < until),
        ),
      );
    }

    // (c) 20 report jobs queued at once by 4 users (5 each, the per-user cap), run to the end.
    const queued = async () => {
      const users = await Promise.all(Array.from({ length: Math.ceil(QUEUED_JOBS / 5) }, newUser));
      const started = Date.now();
      const ids = await Promise.all(
        Array.from({ length: QUEUED_JOBS }, async (_, i) => {
          const as = users[i % users.length]!;
          const r = await upload(small, PNG_VALID_4PX, zip, as);
          if (r.status !== 200 || !r.body.report_id)
            throw new Error(`queued job ${i} was answered ${r.status}: ${JSON.stringify(r.body)}`);
          return { id: r.body.report_id, as };
        }),
      );
      const states = await Promise.all(
        ids.map(({ id, as }) => waitForReport(server.url, as, id, REPORT_TIMEOUT_S * 1000, 1000)),
      );
      const done = states.filter((s) => s.state === 'completed').length;
      if (done !== QUEUED_JOBS) throw new Error(`only ${done} of ${QUEUED_JOBS} queued jobs completed`);
      console.log(
        `  ${QUEUED_JOBS} queued jobs completed after ${Math.round((Date.now() - started) / 1000)} s`,
      );
    };
    if (PHASES.has('queued'))
      phases.push(await measureOn(`${QUEUED_JOBS} report jobs queued at once`, queued()));

    if (PHASES.has('together')) {
      let running = true;
      const work = Promise.all([largeReport(), queued()]).finally(() => (running = false));
      phases.push(
        await measureOn(
          'all three together: large repository, hostile titles, queued jobs',
          Promise.all([work, hostile(() => running)]),
        ),
      );
    }
    if (server.child.exitCode !== null) throw new Error(`the server died (exit ${server.child.exitCode})`);
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
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
