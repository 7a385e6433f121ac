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
      files: [
        ...base.files.filter((f) => !f.path.endsWith('.sql')),
        // a demo program is searched too, but the product's count is the one the report gives
        {
          path: 'examples/demo/main.ts',
          size: 300,
          language: 'TypeScript',
          code: 10,
          comment: 0,
          blank: 0,
          role: 'examples',
        },
      ],
      dependencies: [],
      frameworks: [],
    };
    const fx = factsOf(a);
    const md = writeDataModel({ a, fx } as WriterContext);
    // the count is the product's, the one Project Structure gives, not every non-test source file
    expect(md).toBe(
      `No SQL table, ORM model, migration or entity schema was found in the product's ${fx.productFiles.length} source files.`,
    );
    expect(fx.productFiles.length).toBeLessThan(fx.sourceFiles.length);
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
    // two files declaring the same tables are one schema per database, said as a set (below)
    expect(md).toContain(
      'The same 1 table is declared in 2 SQL files, one per folder: `db/h2/schema.sql` and `db/mysql/schema.sql`.',
    );
    expect(md).not.toContain('Database-specific SQL');
    expect(
      write([entity({ kind: 'sql-table', name: 'owners', file: 'db/schema.sql', dialect: 'PostgreSQL' })]),
    ).toContain('Database-specific SQL: PostgreSQL in `db/schema.sql:1`.');
    expect(md).toContain('Row level security is enabled on 1 table');
    expect(md).toMatch(
      /1 schema shapes the data the code reads and writes; they validate it but are not stored/,
    );
  });

  it('counts migrations per tool, without package markers', () => {
    const md = write(
      [entity({ kind: 'django', name: 'Check', file: 'hc/api/models.py' })],
      ['hc/api/migrations/__init__.py', 'hc/api/migrations/0001_initial.py', 'hc/api/migrations/0002_x.py'],
    );
    expect(md).toContain('2 Django migrations evolve the schema');
  });

  it('says a schema written once per database is a set picked by a setting, not one database-specific file', () => {
    const base = sampleAppAnalysis();
    const tables = ['h2', 'mysql', 'postgres'].flatMap((db) =>
      ['owners', 'pets'].map((name) =>
        entity({
          kind: 'sql-table',
          name,
          file: `res/db/${db}/schema.sql`,
          ...(db === 'mysql' && { dialect: 'MySQL' as const }),
        }),
      ),
    );
    const a: Analysis = {
      ...base,
      dataModel: tables,
      dependencies: [],
      frameworks: [],
      config: {
        files: [],
        settings: [
          {
            key: 'spring.sql.init.schema-locations',
            value: 'classpath*:db/${database}/schema.sql',
            file: 'res/application.properties',
            line: 3,
          },
        ],
      },
    };
    const md = writeDataModel({ a, fx: factsOf(a) } as WriterContext);
    expect(md).toContain(
      'The same 2 tables are declared in 3 SQL files, one per folder: `res/db/h2/schema.sql`, `res/db/mysql/schema.sql` and `res/db/postgres/schema.sql`; `spring.sql.init.schema-locations=classpath*:db/${database}/schema.sql` (`res/application.properties:3`) picks the one to run.',
    );
    expect(md).not.toMatch(/Database-specific SQL: MySQL/);
    // a schema dump beside the migration that made it is one database's schema, not a set
    const dump: Analysis = {
      ...a,
      dataModel: ['schema.sql', 'db/migrations/0001_init.sql'].map((file) =>
        entity({ kind: 'sql-table', name: 'owners', file, dialect: 'PostgreSQL' }),
      ),
    };
    const one = writeDataModel({ a: dump, fx: factsOf(dump) } as WriterContext);
    expect(one).not.toMatch(/one per folder/);
    expect(one).toContain('Database-specific SQL: PostgreSQL');
  });

  it('names seed data and database setup scripts for what they do, never as schema files', () => {
    const base = sampleAppAnalysis();
    const sql = (path: string) => ({ ...base.files[0]!, path, language: 'SQL', code: 40 });
    const a: Analysis = {
      ...base,
      dataModel: [entity({ kind: 'sql-table', name: 'owners', file: 'db/schema.sql' })],
      files: [
        ...base.files,
        sql('db/schema.sql'),
        sql('db/data.sql'),
        sql('db/user.sql'),
        sql('db/views.sql'),
      ],
      sqlScripts: [
        { path: 'db/data.sql', holds: 'data' },
        { path: 'db/user.sql', holds: 'setup' },
      ],
      dependencies: [],
      frameworks: [],
    };
    const md = writeDataModel({ a, fx: factsOf(a) } as WriterContext);
    expect(md).toContain('Rows are inserted into the tables by `db/data.sql`.');
    expect(md).toContain('The database, its users or their rights are created by `db/user.sql`.');
    // the sample app's own src/schema.sql stays a schema file
    expect(md).toContain(
      'Further schema files declare no table: `src/schema.sql` (18 lines of SQL) and `db/views.sql`',
    );
    expect(md).not.toMatch(/declare no table:.*db\/(data|user)\.sql/);
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

describe('tables that record changes', () => {
  it("says a table with old_ and new_ fields records one change of its owner's value", () => {
    const md = write([
      entity({ kind: 'django', name: 'Check', file: 'app/models.py', line: 5, fields: ['name', 'status'] }),
      entity({
        kind: 'django',
        name: 'Flip',
        file: 'app/models.py',
        line: 40,
        fields: ['owner', 'created', 'old_status', 'new_status'],
        relations: [{ from: 'Flip', to: 'Check', kind: 'many-to-one', field: 'owner' }],
      }),
    ]);
    expect(md).toContain(
      "A `Flip` row records one change of a `Check`'s `status`, from `old_status` to `new_status` (`app/models.py:40`).",
    );
    expect(md).not.toMatch(/`Check` row records/);
  });
});
