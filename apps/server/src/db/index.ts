// One database interface over PGlite (embedded, persisted under DATA_DIR) and PostgreSQL (DATABASE_URL).
// The SQL dialect is Postgres in both, so one set of migrations and repositories serves both.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleProxy } from 'drizzle-orm/pg-proxy';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { runMigrations } from './migrate.ts';

export type Orm = PgDatabase<PgQueryResultHKT>;

export interface Database {
  kind: 'pglite' | 'postgres';
  /** Drizzle's query builder, running its SQL through `query`/`queryArrays` below (one path for both drivers). */
  orm: Orm;
  /** Plain parameterised SQL, for repositories that read better in SQL than in the query builder. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Rows as arrays of column values, in select order (Drizzle's result shape). */
  queryArrays(text: string, params?: unknown[]): Promise<unknown[][]>;
  /** pg-boss's `db.executeSql`: parameterised queries, or multi-statement SQL when there are no values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs `fn` on one connection (PostgreSQL) so session state such as advisory locks holds throughout. */
  withConnection<T>(
    fn: (sql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>) => Promise<T>,
  ): Promise<T>;
  /**
   * Subscribes to NOTIFY on `channel` (PostgreSQL: its own connection, reconnected with back-off when lost).
   * `reset(live)` reports that messages may have been missed: false when the connection is down (or could
   * not be opened), true once it listens again. Resolves after the first attempt; the result unsubscribes.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  message(payload: string): void;
  reset(live: boolean): void;
  /** Why notifications are unavailable (once per run of failed attempts), for the log. */
  problem?(message: string): void;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string;
  /** postgres:// URL for LISTEN when `url` goes through a pooler in transaction mode; `url` when absent. */
  listenUrl?: string;
  /** Folder for PGlite's files; in memory when absent. */
  pgliteDir?: string;
  migrate?: boolean;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.url
    ? createPostgres(options.url, options.listenUrl)
    : await createPglite(options.pgliteDir);
  if (options.migrate !== false) await runMigrations(db);
  return db;
}

const PROBE_PREFIX = 'probe:';
const PROBE_TIMEOUT_MS = 2_000;
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 30_000;

function createPostgres(url: string, listenUrl = url): Database {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const listeners = new Set<() => Promise<void>>();
  // An idle client losing its connection must not take the process down.
  pool.on('error', () => {});
  const db: Database = {
    kind: 'postgres',
    orm: undefined as unknown as Orm,
    async query(text, params) {
      const r = await pool.query(text, params as unknown[]);
      return r.rows;
    },
    async queryArrays(text, params) {
      const r = await pool.query({ text, values: params as unknown[], rowMode: 'array' });
      return r.rows as unknown[][];
    },
    async executeSql(text, values) {
      const r = await pool.query(text, values as unknown[]);
      // A multi-statement text returns an array of results; pg-boss wants the last one's rows.
      const last = Array.isArray(r) ? r[r.length - 1] : r;
      return { rows: last?.rows ?? [] };
    },
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(async (text, values) => {
          const r = await client.query(text, values as unknown[]);
          const last = Array.isArray(r) ? r[r.length - 1] : r;
          return { rows: last?.rows ?? [] };
        });
      } finally {
        client.release();
      }
    },
    async listen(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      let client: pg.Client | null = null;
      let stopped = false;
      let delay = RETRY_FIRST_MS;
      let timer: NodeJS.Timeout | undefined;
      let probe: { token: string; heard(): void } | null = null;
      let warned = false;
      const retry = (problem?: string) => {
        if (problem && !warned) handlers.problem?.(problem);
        if (problem) warned = true;
        if (stopped) return;
        timer = setTimeout(() => void connect(), delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      };
      const connect = async (): Promise<void> => {
        const c = new pg.Client({ connectionString: listenUrl });
        c.on('notification', (n) => {
          if (n.channel !== channel) return;
          const payload = n.payload ?? '';
          if (!payload.startsWith(PROBE_PREFIX)) return handlers.message(payload);
          if (probe?.token === payload) probe.heard();
        });
        const lost = () => {
          if (client !== c) return;
          client = null;
          handlers.reset(false);
          retry();
        };
        c.on('error', lost);
        c.on('end', lost);
        client = c;
        try {
          await c.connect();
          await c.query(`LISTEN ${channel}`);
          // A message sent through the pool must arrive here: behind a pooler in transaction mode
          // LISTEN succeeds but nothing is ever delivered, and then nobody may rely on it.
          const token = `${PROBE_PREFIX}${randomUUID()}`;
          const heard = new Promise<boolean>((resolve) => {
            probe = { token, heard: () => resolve(true) };
            setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref();
          });
          await pool.query('SELECT pg_notify($1, $2)', [channel, token]);
          if (!(await heard)) {
            throw new Error(
              `a notification sent through DATABASE_URL did not arrive on the listening connection within ${PROBE_TIMEOUT_MS} ms; ` +
                'behind a pooler in transaction mode, point DATABASE_LISTEN_URL at a direct or session-mode connection',
            );
          }
        } catch (err) {
          // Not listening: the handlers hear reset(false) and another attempt is scheduled.
          if (client === c) {
            client = null;
            handlers.reset(false);
            retry(`database notifications on "${channel}" are not available: ${(err as Error).message}`);
          }
          await c.end().catch(() => {});
          return;
        } finally {
          probe = null;
        }
        if (stopped || client !== c) return void (await c.end().catch(() => {}));
        delay = RETRY_FIRST_MS;
        warned = false;
        handlers.reset(true);
      };
      const stop = async () => {
        stopped = true;
        clearTimeout(timer);
        listeners.delete(stop);
        const c = client;
        client = null;
        await c?.end().catch(() => {});
      };
      listeners.add(stop);
      await connect();
      return stop;
    },
    async ping() {
      try {
        await pool.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
  db.orm = ormOver(db);
  return db;
}

/** Drizzle on top of a Database, so builder queries share its connection handling and ordering. */
function ormOver(db: Database): Orm {
  return drizzleProxy(async (sql, params, method) => ({
    rows: method === 'all' ? await db.queryArrays(sql, params) : await db.query(sql, params),
  })) as unknown as Orm;
}

async function createPglite(dir?: string): Promise<Database> {
  if (dir) await fs.mkdir(dir, { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite();
  await client.waitReady;
  let closed = false;
  // PGlite runs one statement at a time, in this thread. Statements queue here first come first served.
  // Run back to back as microtasks, a burst of them kept sockets from being read (under load a few
  // requests waited ~10 s, npm run bench:api); so once statements have held the thread for
  // STATEMENT_BUDGET_MS, the next one waits for a turn of the event loop.
  const STATEMENT_BUDGET_MS = 2;
  let tail: Promise<unknown> = Promise.resolve();
  let since = performance.now();
  const turn = (): Promise<void> | void => {
    if (performance.now() - since < STATEMENT_BUDGET_MS) return;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(turn, turn).then(fn);
    tail = run.catch(() => {});
    return run;
  };
  const db: Database = {
    kind: 'pglite',
    orm: undefined as unknown as Orm,
    async query(text, params) {
      const r = await serial(() => client.query(text, params as unknown[]));
      return r.rows as never[];
    },
    async queryArrays(text, params) {
      const r = await serial(() => client.query<unknown[]>(text, params as unknown[], { rowMode: 'array' }));
      return r.rows;
    },
    // `query` cannot take several statements; `exec` can (and takes no parameters).
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const r = await serial(() => client.query(text, values));
        return { rows: r.rows };
      }
      const results = await serial(() => client.exec(text));
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    async withConnection(fn) {
      return fn((text, values) => db.executeSql(text, values));
    },
    async listen(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const unlisten = await serial(() => client.listen(channel, (payload) => handlers.message(payload)));
      handlers.reset(true);
      return async () => {
        if (!closed) await serial(() => unlisten());
      };
    },
    async ping() {
      try {
        await client.query('select 1');
        return !closed;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
  db.orm = ormOver(db);
  return db;
}
