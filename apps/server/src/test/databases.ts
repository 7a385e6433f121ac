// The databases every repository and HTTP test runs on: PGlite always, and a real PostgreSQL server
// when one is configured (TEST_DATABASE_URL, or 127.0.0.1:5432 under CI, where it is required).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../db/index.ts';
import { loadConfig, type Config } from '../config.ts';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? (process.env.CI ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  create(): Promise<{ db: Database; url?: string; drop(): Promise<void> }>;
}

/** A fresh, migrated database per call; PostgreSQL gets a new database that `drop` removes. */
export const testDatabases: TestDatabase[] = [
  {
    name: 'pglite',
    async create() {
      const db = await createDatabase({});
      return { db, drop: () => db.close() };
    },
  },
  ...(POSTGRES_ADMIN_URL
    ? [
        {
          name: 'postgres' as const,
          async create() {
            const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
            await admin.connect().catch((e: Error) => {
              throw new Error(
                `PostgreSQL is required for these tests but unreachable at ${POSTGRES_ADMIN_URL}: ${e.message}`,
              );
            });
            const dbName = `atr_test_${randomBytes(6).toString('hex')}`;
            await admin.query(`CREATE DATABASE ${dbName}`);
            await admin.end();
            const url = new URL(POSTGRES_ADMIN_URL);
            url.pathname = `/${dbName}`;
            const db = await createDatabase({ url: url.toString() });
            return {
              db,
              url: url.toString(),
              async drop() {
                await db.close();
                const a = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
                await a.connect();
                await a.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
                await a.end();
              },
            };
          },
        },
      ]
    : []),
];

if (!POSTGRES_ADMIN_URL) {
  console.warn('[tests] TEST_DATABASE_URL is not set: database tests run on PGlite only.');
}

/** A config for tests: temporary data dir, quiet logs, autoconfirm off unless overridden. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR:
      overrides.DATA_DIR ?? `${process.env.TMPDIR ?? '/tmp'}/atr-test-${randomBytes(4).toString('hex')}`,
    JWT_SECRET: 'test-secret-test-secret-test-secret-000',
    // Tests of the spare process ask for it (engine-process.test.ts); others do not start one.
    JOB_WARM_PROCESS: 'false',
    ...overrides,
  });
}
