// Entry point of `npm run worker`: a process that only runs report jobs, against DATABASE_URL.
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { logUnhandledRejections, startWorker } from './worker-runtime.ts';

async function main() {
  // A worker answers no HTTP: no read cache, so no LISTEN connection either.
  const config = loadConfigOrExit({ ...process.env, WORKER_IN_PROCESS: 'false', REPORT_CACHE_MS: '0' });
  if (!config.DATABASE_URL) {
    // PGlite is single-process: the embedded app already runs its worker in-process.
    console.error('npm run worker needs DATABASE_URL (a PostgreSQL server shared with the web process).');
    process.exit(1);
  }
  const app = await buildApp({ config });
  logUnhandledRejections(app.log);
  await app.ready();
  await startWorker(app);
  app.workerRunning = true;
  app.log.info(`ATR worker started (database: ${app.db.kind})`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
