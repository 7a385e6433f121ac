// Runs the SQL files in ./migrations in name order, each once, each in its own transaction. Idempotent,
// and safe with several processes starting at once (a session advisory lock on PostgreSQL).
import fs from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ROOT } from '../paths.ts';
import type { Database } from './index.ts';

const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src', 'db', 'migrations');
const LOCK_KEY = 724_115_001;

export async function listMigrations(): Promise<{ name: string; sql: string }[]> {
  const names = (await fs.readdir(MIGRATIONS_DIR)).filter((n) => n.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => ({ name, sql: await fs.readFile(path.join(MIGRATIONS_DIR, name), 'utf8') })),
  );
}

export async function runMigrations(db: Database): Promise<string[]> {
  const migrations = await listMigrations();
  return db.withConnection(async (sql) => {
    await sql(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    if (db.kind === 'postgres') await sql('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    const applied: string[] = [];
    try {
      const { rows } = await sql('SELECT name FROM schema_migrations');
      const done = new Set((rows as { name: string }[]).map((r) => r.name));
      for (const m of migrations) {
        if (done.has(m.name)) continue;
        const name = m.name.replace(/'/g, "''");
        try {
          await sql(`BEGIN;\n${m.sql}\n;\nINSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
        } catch (e) {
          await sql('ROLLBACK').catch(() => {});
          throw new Error(`Migration ${m.name} failed: ${(e as Error).message}`, { cause: e });
        }
        applied.push(m.name);
      }
    } finally {
      if (db.kind === 'postgres') await sql('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
    }
    return applied;
  });
}
