// The production build (`npm start`): the server, the worker and the report's own process run as
// compiled JavaScript from dist/, with no TypeScript loader anywhere. The compiled server answers on
// PGlite, generates a report end to end through its compiled child, and the worker entry loads.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths.ts';
import {
  multipartBody,
  SAMPLE_APP_DIR,
  standardUpload,
  uploadWithTemplate,
  until,
  zipDirectory,
} from './modules/reports/test-helpers.ts';

const run = promisify(execFile);

describe('the production build', () => {
  let dataDir: string;
  let server: ChildProcess;
  let url: string;
  const lines: { msg?: string; readyMs?: number; command?: string[] }[] = [];

  beforeAll(async () => {
    await run(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_ROOT });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-build-'));
    // As `npm start` runs it, minus the build: plain Node on the compiled entry, PGlite, port chosen by the system.
    server = spawn(process.execPath, ['dist/server.js'], {
      cwd: SERVER_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        AUTH_AUTOCONFIRM: 'true',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let partial = '';
    server.stdout!.on('data', (d: Buffer) => {
      const parts = (partial + d.toString()).split('\n');
      partial = parts.pop() ?? '';
      for (const p of parts) if (p.startsWith('{')) lines.push(JSON.parse(p) as never);
    });
    url = await until(
      'the compiled server to listen',
      () => {
        if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
        const line = lines.find((l) => l.msg?.startsWith('ATR is running at'));
        const port = line?.msg?.match(/:(\d+) /)?.[1];
        return port ? `http://127.0.0.1:${port}` : undefined;
      },
      90_000,
    );
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('serves the API from compiled JavaScript and runs each report in a compiled process', async () => {
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { kind: 'pglite' } });

    const signup = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'build@example.com', password: 'correct-horse-1' }),
    });
    const auth = {
      authorization: `Bearer ${((await signup.json()) as { access_token: string }).access_token}`,
    };
    const body = await multipartBody(standardUpload([], await zipDirectory(SAMPLE_APP_DIR)));
    const upload = await fetch(`${url}/api/generate`, {
      method: 'POST',
      headers: { ...body.headers, ...auth },
      body: body.payload,
    });
    expect(upload.status).toBe(200);
    const id = ((await upload.json()) as { report_id: string }).report_id;
    const status = await until(
      'the report to finish',
      async () => {
        const s = (await (await fetch(`${url}/api/status/${id}`, { headers: auth })).json()) as {
          state: string;
        };
        return s.state === 'processing' ? undefined : s;
      },
      120_000,
    );
    expect(status).toMatchObject({ state: 'completed' });

    // Templates are read by the compiled template reader's thread, which answers a refusal word for word.
    const bad = await multipartBody(uploadWithTemplate('a: 1\na: 2\n'));
    const refused = await fetch(`${url}/api/generate`, {
      method: 'POST',
      headers: { ...bad.headers, ...auth },
      body: bad.payload,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Line 2: a key appears twice in the same mapping (duplicate keys are not allowed).',
    );
    await expect(fs.stat(path.join(SERVER_ROOT, 'dist', 'template-worker.js'))).resolves.toBeTruthy();

    // The report's process was the compiled child, started without any loader.
    const ready = lines.find((l) => l.msg === 'report process ready');
    expect(ready?.command?.at(-1)).toBe(path.join(SERVER_ROOT, 'dist', 'engine-child.js'));
    expect(ready?.command?.some((arg) => /tsx|--import|--loader/.test(arg))).toBe(false);
    // Under 300 ms on a quiet machine (BENCHMARKS.md); the bound here leaves room for a loaded one.
    expect(ready?.readyMs).toBeLessThan(1_500);
  }, 150_000);

  it('builds a worker entry that starts as compiled JavaScript', async () => {
    // Without DATABASE_URL it stops with its own message, which it can print only once its code has loaded.
    const worker = await run(process.execPath, ['dist/worker.js'], {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(worker?.code).toBe(1);
    expect(worker?.stderr).toContain('npm run worker needs DATABASE_URL');
  });
});
