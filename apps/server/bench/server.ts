// Starts the server for a benchmark as `npm start` runs it: the production build (built first, then
// `node dist/server.js`), or with BENCH_SERVER=sources the TypeScript sources through tsx, as
// `npm start` ran before there was a build. One process, report worker inside.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export type ServerMode = 'compiled' | 'sources';
export const SERVER_MODE: ServerMode = process.env.BENCH_SERVER === 'sources' ? 'sources' : 'compiled';

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** The server's log lines (pino JSON), kept for benchmarks that read them. */
  lines: string[];
  stop(): Promise<void>;
}

export function freePortGuess(): string {
  return String(20_000 + Math.floor(Math.random() * 20_000));
}

export async function startServer(
  env: Record<string, string>,
  mode: ServerMode = SERVER_MODE,
): Promise<BenchServer> {
  if (mode === 'compiled')
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, stdio: 'inherit' });
  const args =
    mode === 'compiled' ? ['--enable-source-maps', 'dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      AUTH_AUTOCONFIRM: 'true',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stderr!.on('data', (d: Buffer) => process.stderr.write(`[server] ${d.toString()}`));
  child.stdout!.on('data', (d: Buffer) => {
    const text = partial + d.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    if (process.env.BENCH_VERBOSE) process.stdout.write(`[server] ${d.toString()}`);
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} while starting`);
    if (i > 1200) throw new Error('the server did not answer /api/health within 120 s');
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
    lines,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Signs a new user up (the server runs with AUTH_AUTOCONFIRM) and returns the Authorization header. */
export async function signUp(url: string, email: string): Promise<{ authorization: string }> {
  const res = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-1' }),
  });
  if (!res.ok) throw new Error(`sign-up answered ${res.status}`);
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

export interface ReportStatus {
  state: string;
  error?: string;
  step_log?: { step: string; startedAt: string; endedAt: string | null }[];
}

/** Polls GET /api/status/{id} every `everyMs` until the report leaves 'processing'. */
export async function waitForReport(
  url: string,
  auth: Record<string, string>,
  id: string,
  timeoutMs: number,
  everyMs = 50,
): Promise<ReportStatus> {
  const started = Date.now();
  for (;;) {
    const s = (await (await fetch(`${url}/api/status/${id}`, { headers: auth })).json()) as ReportStatus;
    if (s.state !== 'processing') return s;
    if (Date.now() - started > timeoutMs) throw new Error(`report ${id} did not finish in time`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
