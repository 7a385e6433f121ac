import { describe, expect, it } from 'vitest';
import { runMigrations, listMigrations } from './migrate.ts';
import { testDatabases } from '../test/databases.ts';

describe.each(testDatabases)('migrations on $name', (t) => {
  it('apply once and are idempotent on a second run', async () => {
    const { db, drop } = await t.create();
    try {
      const all = await listMigrations();
      const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(all.map((m) => m.name));
      expect(await runMigrations(db)).toEqual([]);
      expect(await db.ping()).toBe(true);
    } finally {
      await drop();
    }
  });
});
