// Entry point of `npm run worker`: a process that only runs report jobs, against DATABASE_URL.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startWorker } from './worker-runtime.ts';

async function main() {
  let config;
  try {
    config = loadConfig({ ...process.env, WORKER_IN_PROCESS: 'false' });
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp({ config });
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
