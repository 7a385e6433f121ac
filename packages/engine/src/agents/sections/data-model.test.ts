import { describe, expect, it } from 'vitest';
import type { Analysis, DataEntity } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { writeDataModel } from './data-model.ts';

const entity = (e: Partial<DataEntity> & Pick<DataEntity, 'kind' | 'name' | 'file'>): DataEntity => ({
  line: 1,
  fields: ['id'],
  ...e,
});

function write(dataModel: DataEntity[], extraFiles: string[] = []): string {
  const base = sampleAppAnalysis();
  const files = [
    ...base.files,
    ...extraFiles.map((path) => ({ ...base.files[0]!, path, language: 'Python' })),
  ];
  const a: Analysis = { ...base, dataModel, files, dependencies: [], frameworks: [] };
  return writeDataModel({ a, fx: factsOf(a) } as WriterContext);
}

describe('the data model section', () => {
  it('says only that no schema was found, not that the code keeps no data (it may write files)', () => {
    const base = sampleAppAnalysis();
    const a: Analysis = {
      ...base,
      dataModel: [],
      files: base.files.filter((f) => !f.path.endsWith('.sql')),
      dependencies: [],
      frameworks: [],
    };
    const md = writeDataModel({ a, fx: factsOf(a) } as WriterContext);
    expect(md).toMatch(
      /^No SQL table, ORM model, migration or entity schema was found in the \d+ source files?\.$/,
    );
  });

  it('lists each stored table once, ORM class first, with relations, row level security and the dialect', () => {
    const md = write([
      entity({
        kind: 'sql-table',
        name: 'owners',
        file: 'db/h2/schema.sql',
        dialect: 'PostgreSQL',
        rowLevelSecurity: true,
      }),
      entity({ kind: 'sql-table', name: 'owners', file: 'db/mysql/schema.sql' }),
      entity({
        kind: 'jpa',
        name: 'Owner',
        table: 'owners',
        file: 'src/Owner.java',
        relations: [{ from: 'Owner', to: 'Pet', kind: 'one-to-many', field: 'pets' }],
      }),
      entity({ kind: 'pydantic', name: 'OwnerOut', file: 'api/schemas.py', store: 'schema' }),
    ]);
    expect(md).toContain('1 table holds the stored data');
    expect(md).toMatch(
      /\| `Owner` \| JPA entity \| `id` \| `pets` → `Pet` \(one-to-many\) \| `src\/Owner.java:1` \(\+2 other declarations\) \|/,
    );
    expect(md).not.toContain('| `owners` |');
    expect(md).toContain('Database-specific SQL: PostgreSQL in `db/h2/schema.sql:1`.');
    expect(md).toContain('Row level security is enabled on 1 table');
    expect(md).toMatch(/1 schema shapes the data that crosses the API; they validate it but are not stored/);
  });

  it('counts migrations per tool, without package markers', () => {
    const md = write(
      [entity({ kind: 'django', name: 'Check', file: 'hc/api/models.py' })],
      ['hc/api/migrations/__init__.py', 'hc/api/migrations/0001_initial.py', 'hc/api/migrations/0002_x.py'],
    );
    expect(md).toContain('2 Django migrations evolve the schema');
  });
});

describe('schema files beside the tables', () => {
  it('names further schema files in a whole sentence and leaves an empty one out', () => {
    const base = sampleAppAnalysis();
    const sql = (path: string, code: number) => ({ ...base.files[0]!, path, language: 'SQL', code });
    const a: Analysis = {
      ...base,
      files: [...base.files, sql('db/schema.sql', 20), sql('db/views.sql', 12), sql('db/seed.sql', 0)],
      dataModel: [entity({ kind: 'sql-table', name: 'users', file: 'db/schema.sql' })],
      dependencies: [],
      frameworks: [],
    };
    const md = writeDataModel({ a, fx: factsOf(a) } as WriterContext);
    expect(md).toMatch(/\nFurther schema files declare no table: .*`db\/views.sql` \(12 lines of SQL\)\./);
    expect(md).not.toMatch(/seed\.sql/);
  });
});
