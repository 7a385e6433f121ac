// A real `kill -9` of a separate worker process in the middle of a report: after a new worker starts,
// the report completes (or fails with a clear error); it is never left processing. Runs on PostgreSQL,
// since only there can the web process and separate workers share one database.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { SAMPLE_APP_DIR, until, zipDirectory } from './test-helpers.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const postgres = testDatabases.find((t) => t.name === 'postgres');
if (!postgres) console.warn('[tests] kill-recovery needs PostgreSQL (TEST_DATABASE_URL): skipped.');

const GENERIC_TEMPLATE = path.resolve(SERVER_DIR, '../../packages/engine/templates/generic_template.yaml');

function start(
  entry: 'server.ts' | 'worker.ts',
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', `src/${entry}`], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!postgres)('a worker killed with SIGKILL mid-report', () => {
  let db: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>;
  let dataDir: string;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;
  let base: string;

  beforeAll(async () => {
    db = await postgres!.create();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-kill-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: db.url!,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'kill-test-secret-kill-test-secret-0000',
      AUTH_AUTOCONFIRM: 'true',
      WORKER_IN_PROCESS: 'false',
      REPORT_STALE_SECONDS: '5',
      // A shared PostgreSQL makes this a public deployment: without a provider, test payments must be explicit.
      PAYMENTS: 'test',
    };
    const web = start('server.ts', env);
    children.push(web.child);
    await until(
      'the web process',
      async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined),
      60_000,
      100,
    );
  }, 90_000);

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    await sleep(200);
    await db?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('is picked up by the next worker and completes', async () => {
    const signup = await fetch(`${base}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kill@example.com', password: 'kill-test-password' }),
    });
    const { access_token: token } = (await signup.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${token}` };

    const form = new FormData();
    form.append('project_name', 'Kill Test');
    form.append('project_source', 'zip');
    form.append(
      'codebase',
      new File([await zipDirectory(SAMPLE_APP_DIR)], 'sample-app.zip', { type: 'application/zip' }),
    );
    form.append(
      'template',
      new File([await fs.readFile(GENERIC_TEMPLATE)], 'generic_template.yaml', {
        type: 'application/x-yaml',
      }),
    );
    const created = await fetch(`${base}/api/generate`, { method: 'POST', headers: auth, body: form });
    expect(created.status).toBe(200);
    const { report_id: id } = (await created.json()) as { report_id: string };
    const status = async () =>
      (await (await fetch(`${base}/api/status/${id}`, { headers: auth })).json()) as {
        state: string;
        step: string;
        progress: number;
        error: string | null;
      };

    // First worker: killed as soon as it is inside the pipeline.
    const first = start('worker.ts', env);
    children.push(first.child);
    const running = await until(
      'the first worker to start the report',
      async () => {
        const s = await status();
        return s.state === 'processing' && s.step !== 'queued' ? s : undefined;
      },
      90_000,
      100,
    );
    // Only the web process listens for report changes: a worker answers no HTTP and keeps no read cache.
    const listening = await db.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN report_changes'`,
    );
    expect(listening[0]!.n).toBe(1);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    expect(running.state).toBe('processing');
    const orphaned = await status();
    expect(orphaned.state).toBe('processing'); // nobody is working on it now

    // Second worker: its start-up sweep finds the stale report and runs it again.
    await sleep(5_500);
    const second = start('worker.ts', env);
    children.push(second.child);
    const final = await until(
      'the report to settle',
      async () => {
        const s = await status();
        return s.state === 'processing' ? undefined : s;
      },
      150_000,
      100,
    );
    expect(final, second.output()).toMatchObject({ state: 'completed', progress: 100, error: null });
    const preview = await fetch(`${base}/api/reports/${id}/preview`, { headers: auth });
    expect(((await preview.json()) as { pages: number }).pages).toBe(5);
  }, 300_000);
});
