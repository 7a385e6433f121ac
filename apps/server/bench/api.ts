// API benchmark (`npm run bench:api -w apps/server`): 200 concurrent authenticated clients polling
// GET /api/status/{id} and GET /api/reports for 30 s on loopback, against PGlite and, when
// BENCH_DATABASE_URL / DATABASE_URL / TEST_DATABASE_URL names a server, PostgreSQL. Prints req/s,
// latency p50/p99 and errors per database.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/index.ts';
import { reportRepository } from '../src/modules/reports/repository.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const REPORTS = 25;

interface Result {
  database: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

async function run(name: string, db: Database): Promise<Result> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_AUTOCONFIRM: 'true',
    PORT: '0',
  });
  const app = await buildApp({ config, db, queue: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const signup = await app.inject({ method: 'POST', url: '/auth/v1/signup', payload: { email: `bench-${Date.now()}@example.com`, password: 'bench-password-1' } });
  const { access_token: token, user } = signup.json() as { access_token: string; user: { id: string } };
  const repo = reportRepository(db);
  let reportId = '';
  for (let i = 0; i < REPORTS; i++) {
    reportId = crypto.randomUUID();
    await repo.insert({
      id: reportId,
      userId: user.id,
      projectName: `Bench ${i}`,
      projectSource: 'zip',
      templateName: 'generic_template.yaml',
      input: { template: { key: 'x', name: 't', mime: 'x', size: 1 }, images: [], company: {} },
    });
  }
  const headers = { authorization: `Bearer ${token}` };
  const result = await autocannon({
    url: `http://127.0.0.1:${address.port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    // The load generator runs in its own thread, so it does not share the server's event loop.
    workers: 1,
    requests: [
      { method: 'GET', path: `/api/status/${reportId}`, headers },
      { method: 'GET', path: '/api/reports?page=1&per_page=10', headers },
    ],
  });
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  return {
    database: name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  const results: Result[] = [];
  const only = process.env.BENCH_ONLY;
  if (only !== 'postgres') {
    const db = await createDatabase({});
    results.push(await run('PGlite', db));
    await db.close();
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (adminUrl && only !== 'pglite') {
    // A fresh database on the server, dropped afterwards.
    const name = `atr_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await createDatabase({ url: url.toString() });
    try {
      results.push(await run('PostgreSQL', db));
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else if (only !== 'pglite') {
    console.warn('No BENCH_DATABASE_URL, DATABASE_URL or TEST_DATABASE_URL: PostgreSQL not measured.');
  }
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s, GET /api/status/{id} + GET /api/reports, Node ${process.version}, ${os.cpus().length} CPUs`);
  console.log('| database | requests | req/s | p50 ms | p99 ms | errors | timeouts | non-2xx |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of results) console.log(`| ${r.database} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`);
  if (results.some((r) => r.errors > 0 || r.timeouts > 0 || r.non2xx > 0)) process.exitCode = 1;
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
