// The job queue: pg-boss on the same database as everything else (PGlite or PostgreSQL).
import PgBoss from 'pg-boss';
import type { Database } from '../db/index.ts';

export const REPORT_QUEUE = 'generate-report';

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
