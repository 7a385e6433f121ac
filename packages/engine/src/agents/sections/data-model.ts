// Data model: the ORM/database libraries, then what the code stores (SQL tables, ORM models) and
// the entity schemas that validate it, each with its fields and where it is declared.

import type { DataEntity } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  citeRef,
  code,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';

export const dataModel = defineSection({
  kind: 'data-model',
  keywords: [
    'data model',
    'database',
    'schema',
    'data layer',
    'persistence',
    'storage',
    'entities',
    'models',
    'orm',
    'data structures',
    'domain model',
    'migrations',
    'data',
  ],
  evidence: ['frameworks (orm)', 'dependencies', 'files (schemas, migrations)', 'symbols'],
  analyst(a) {
    const dm = factsOf(a).dataModel;
    const out: Finding[] = [];
    if (dm.ormFrameworks.length)
      out.push(f(`Data access goes through ${joinSome(dm.ormFrameworks.map(text), 3)}.`));
    if (dm.schemaFiles.length)
      out.push(
        f(
          `${plural(dm.schemaFiles.length, 'file')} define schemas, models or migrations, e.g. ${joinSome(
            dm.schemaFiles.map((x) => text(x.path)),
            3,
          )}.`,
          dm.schemaFiles.slice(0, 3).map((x) => ref(x.path)),
        ),
      );
    if (dm.tables.length)
      out.push(
        f(
          `${plural(dm.tables.length, 'table or model', 'tables or models')} ${agree(dm.tables.length, 'holds', 'hold')} the stored data, e.g. ${joinSome(
            dm.tables.map((t) => text(t.name)),
            4,
          )}.`,
          dm.tables.slice(0, 4).map((t) => ref(t.file, t.line)),
        ),
      );
    if (dm.schemas.length)
      out.push(
        f(
          `${plural(dm.schemas.length, 'entity schema')} validate data, e.g. ${joinSome(
            dm.schemas.map((t) => text(t.name)),
            4,
          )}.`,
          dm.schemas.slice(0, 4).map((t) => ref(t.file, t.line)),
        ),
      );
    if (!out.length) out.push(f('No database layer, ORM, schema file or migration was found.'));
    return out;
  },
  writer: writeDataModel,
});

const KIND: Record<DataEntity['kind'], string> = {
  'sql-table': 'SQL table',
  drizzle: 'Drizzle table',
  prisma: 'Prisma model',
  typeorm: 'TypeORM entity',
  sequelize: 'Sequelize model',
  mongoose: 'Mongoose schema',
  sqlalchemy: 'SQLAlchemy model',
  django: 'Django model',
  gorm: 'GORM model',
  zod: 'zod schema',
  pydantic: 'pydantic model',
};

const fields = (e: DataEntity) => (e.fields.length ? `${joinSome(e.fields.map(code), 6)}` : '—');

export function writeDataModel({ a, fx }: WriterContext): string {
  const { ormFrameworks, schemaFiles, tables, schemas } = fx.dataModel;
  const parts: string[] = [];
  if (ormFrameworks.length) {
    const decl = ormFrameworks.map((n) => {
      const d = a.dependencies.find((x) => x.name === n) ?? a.frameworks.find((x) => x.name === n);
      if (d && 'manifest' in d) return `${code(n)} ${code(d.version)} (${cite(d.manifest, d.line)})`;
      if (!d) return code(n);
      // a framework found by its evidence may have no version
      return `${code(n)}${when(d.version, ` ${code(d.version ?? '')}`)} (${citeRef(d.evidence)})`;
    });
    parts.push(`Persistence goes through ${joinSome(decl, 4)}.`);
  }
  if (tables.length) {
    // the same table often appears in a migration and in the ORM schema: say so once per name
    const names = new Set(tables.map((t) => t.name.toLowerCase()));
    const files = unique(tables.map((t) => t.file)).length;
    const stored = `${plural(names.size, 'table or model', 'tables or models')} ${agree(names.size, 'holds', 'hold')} the stored data`;
    parts.push(`${stored}, declared in ${plural(files, 'file')}:`);
    parts.push(
      table(
        ['Table / model', 'Kind', 'Fields', 'Declared at'],
        tables
          .slice(0, 30)
          .map((t) => [code(t.name), KIND[t.kind] ?? text(t.kind), fields(t), cite(t.file, t.line)]),
      ),
    );
    if (tables.length > 30) parts.push(`…and ${num(tables.length - 30)} more.`);
  }
  const migrations = schemaFiles.filter((f) => /(^|\/)(migrations?|alembic)\//i.test(f.path));
  if (migrations.length) {
    const [first, last] = [cite(migrations[0]!.path), cite(migrations.at(-1)!.path)];
    // one migration is named, not given as a range from itself to itself
    const span = first === last ? `: ${first}` : `, from ${first} to ${last}`;
    const evolve = agree(migrations.length, 'evolves', 'evolve');
    parts.push(sentence(`${plural(migrations.length, 'migration')} ${evolve} the schema`, span));
  }
  const declared = new Set([...tables, ...schemas].map((e) => e.file));
  const other = schemaFiles.filter((f) => !declared.has(f.path) && !migrations.includes(f));
  if (other.length)
    parts.push(
      `${other.length === 1 ? 'The schema file' : 'Schema files:'} ${joinSome(
        other.map((f) => `${cite(f.path)} (${plural(f.code, 'line')} of ${text(f.language ?? 'text')})`),
        4,
      )}.`,
    );
  if (schemas.length) {
    const validate = agree(schemas.length, 'validates', 'validate');
    parts.push(`${plural(schemas.length, 'entity schema')} ${validate} the data that crosses the API:`);
    parts.push(
      table(
        ['Schema', 'Kind', 'Fields', 'Declared at'],
        schemas
          .slice(0, 20)
          .map((t) => [code(t.name), KIND[t.kind] ?? text(t.kind), fields(t), cite(t.file, t.line)]),
      ),
    );
    if (schemas.length > 20) parts.push(`…and ${num(schemas.length - 20)} more.`);
  }
  if (!tables.length && !schemas.length && !schemaFiles.length) {
    const searched = ` in the ${plural(fx.sourceFiles.length, 'source file')}`;
    const none = `No SQL table, ORM model, migration or entity schema was found${searched}`;
    parts.push(
      ormFrameworks.length
        ? `${none}, so the database library is used without a declared schema.`
        : `${none}; the project keeps no persistent data of its own.`,
    );
  }
  return paragraphs(...parts);
}
