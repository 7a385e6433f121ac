// The job queue: pg-boss on the same database as everything else (PGlite or PostgreSQL).
import PgBoss from 'pg-boss';
import type { Database } from '../db/index.ts';

export const REPORT_QUEUE = 'generate-report';

/** The report workers this process runs, by queue. */
const localWorkers = new WeakMap<PgBoss, string[]>();

/** Records a worker of this process, so a job sent from this process can wake it (wakeWorkers). */
export function registerWorker(queue: PgBoss, workerId: string): void {
  localWorkers.set(queue, [...(localWorkers.get(queue) ?? []), workerId]);
}

/**
 * Wakes this process's report workers, so a job just sent starts now rather than at their next poll
 * (up to a second later). A worker in another process (`npm run worker`) still finds it by polling.
 */
export function wakeWorkers(queue: PgBoss): void {
  for (const id of localWorkers.get(queue) ?? []) queue.notifyWorker(id);
}

export async function createQueue(db: Database, log: (msg: string, err?: unknown) => void): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => db.executeSql(text, values) },
    schema: 'pgboss',
  });
  boss.on('error', (err: unknown) => log('queue error', err));
  await boss.start();
  await boss.createQueue(REPORT_QUEUE, {
    name: REPORT_QUEUE,
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 60 * 60,
  });
  return boss;
}
