// Entry point of `npm start`: loads the config, builds the app, listens, and shuts down gracefully.
import { buildApp } from './app.ts';
import { loadConfigOrExit, paymentsWarning } from './config.ts';
import { logUnhandledRejections, startWorker } from './worker-runtime.ts';

async function main() {
  const config = loadConfigOrExit();
  const app = await buildApp({ config });
  const warning = paymentsWarning(config);
  if (warning) app.log.warn(warning);
  if (config.WORKER_IN_PROCESS && app.queue) {
    await startWorker(app);
    app.workerRunning = true;
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  logUnhandledRejections(app.log);

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  app.log.info(
    `ATR is running at http://localhost:${port} (database: ${app.db.kind}, data: ${config.dataDir}, worker: ${app.workerRunning ? 'in-process' : 'separate'})`,
  );
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
