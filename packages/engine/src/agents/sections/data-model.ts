// Data model: the ORM/database libraries, then what the code stores (SQL tables, ORM tables) with
// their fields and relations, the migrations by tool, and apart the schemas that only shape data.

import type { Migration } from '../../analyse/data-model.ts';
import type { Analysis, DataEntity } from '../../analyse/types.ts';
import { factsOf, searchedFiles } from '../facts.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  citeRef,
  code,
  joinAnd,
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
    const tables = distinctTables(dm.tables);
    if (tables.length)
      out.push(
        f(
          `${plural(tables.length, 'table')} ${agree(tables.length, 'holds', 'hold')} the stored data, e.g. ${joinSome(
            tables.map((t) => text(t.name)),
            4,
          )}.`,
          tables.slice(0, 4).map((t) => ref(t.file, t.line)),
        ),
      );
    const secured = tables.filter((t) => t.rowLevelSecurity);
    if (secured.length)
      out.push(
        f(
          `Row level security is enabled on ${plural(secured.length, 'table')} (${joinSome(
            secured.map((t) => text(t.name)),
            4,
          )}).`,
          secured.slice(0, 2).map((t) => ref(t.file, t.line)),
        ),
      );
    if (dm.migrations.length)
      out.push(
        f(
          `${migrationCounts(dm.migrations)} evolve the schema.`,
          dm.migrations.slice(0, 2).map((m) => ref(m.path)),
        ),
      );
    if (dm.schemas.length)
      out.push(
        f(
          `${plural(dm.schemas.length, 'schema')} (not stored) ${agree(dm.schemas.length, 'shapes', 'shape')} data, e.g. ${joinSome(
            dm.schemas.map((t) => text(t.name)),
            4,
          )}.`,
          dm.schemas.slice(0, 4).map((t) => ref(t.file, t.line)),
        ),
      );
    if (!out.length && dm.schemaFiles.length)
      out.push(
        f(
          `${plural(dm.schemaFiles.length, 'file')} ${agree(dm.schemaFiles.length, 'holds', 'hold')} SQL or schema definitions, e.g. ${joinSome(
            dm.schemaFiles.map((x) => text(x.path)),
            3,
          )}.`,
          dm.schemaFiles.slice(0, 3).map((x) => ref(x.path)),
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
  sqlmodel: 'SQLModel model',
  jpa: 'JPA entity',
  diesel: 'Diesel table',
};

const fields = (e: DataEntity) => (e.fields.length ? `${joinSome(e.fields.map(code), 6)}` : '—');
const relationsOf = (e: DataEntity) =>
  e.relations?.length
    ? joinSome(
        e.relations.map((r) => `${r.field ? code(r.field) : ''} → ${code(r.to)} (${r.kind})`.trim()),
        3,
      )
    : '—';

/**
 * One entry per stored table: the same table is often declared in a migration and a schema dump,
 * once per database dialect, or as an ORM class mapping a CREATE TABLE; one declaration stands for
 * it, with how many others repeat it.
 */
export function distinctTables(tables: DataEntity[]): (DataEntity & { copies: number })[] {
  const byName = new Map<string, DataEntity & { copies: number }>();
  // the ORM class says more (its name in the code, its associations) than the CREATE TABLE it maps
  const ormFirst = [...tables].sort((x, y) => +(x.kind === 'sql-table') - +(y.kind === 'sql-table'));
  for (const t of ormFirst) {
    const key = (t.table ?? t.name).toLowerCase();
    const seen = byName.get(key);
    if (seen) {
      seen.copies++;
      // row level security is the table's, whichever declaration enables it
      if (t.rowLevelSecurity) seen.rowLevelSecurity = true;
    } else byName.set(key, { ...t, copies: 0 });
  }
  return [...byName.values()];
}

/**
 * SQL files of one name in sibling folders that declare the very same tables (`db/h2/schema.sql`,
 * `db/mysql/schema.sql`…): one schema written once per database. A schema dump beside the migration
 * that made it is no such set. Empty unless at least two files are.
 */
function schemaVariants(tables: DataEntity[]): { files: string[]; tables: number } {
  const byFile = new Map<string, Set<string>>();
  for (const t of tables.filter((x) => x.kind === 'sql-table')) {
    const names = byFile.get(t.file) ?? new Set<string>();
    names.add(t.name.toLowerCase());
    byFile.set(t.file, names);
  }
  // the tables and the file's own name: variants share both
  const key = (file: string, names: Set<string>) => `${file.split('/').pop()}|${[...names].sort().join(',')}`;
  const groups = new Map<string, string[]>();
  for (const [file, names] of byFile)
    groups.set(key(file, names), [...(groups.get(key(file, names)) ?? []), file]);
  const [k, files] = [...groups].sort((x, y) => y[1].length - x[1].length)[0] ?? ['', []];
  return files.length >= 2 ? { files, tables: k.split('|')[1]!.split(',').length } : { files: [], tables: 0 };
}

/**
 * "The same 7 tables are declared in 3 SQL files, one per folder (…), and
 * `spring.sql.init.schema-locations=classpath*:db/${database}/schema.sql` (…) picks one": the setting
 * whose value names the files' common name through a placeholder is what chooses among them.
 */
function variantsLine(a: Analysis, files: string[], tables: number): string {
  const base = files[0]!.split('/').pop()!;
  const picker = (a.config.settings ?? []).find(
    (x) => /\$\{[^}]+\}/.test(x.value) && x.value.endsWith(`/${base}`),
  );
  return (
    `The same ${plural(tables, 'table')} ${agree(tables, 'is', 'are')} declared in ${plural(files.length, 'SQL file')}, one per folder: ${joinAnd(files.map((f) => cite(f)))}` +
    (picker
      ? `; ${code(`${picker.key}=${picker.value}`)} (${cite(picker.file, picker.line)}) picks the one to run.`
      : '.')
  );
}

/** "124 Django migrations and 3 SQL migrations". */
export function migrationCounts(migrations: Migration[]): string {
  const byTool = new Map<string, number>();
  for (const m of migrations) byTool.set(m.tool, (byTool.get(m.tool) ?? 0) + 1);
  return joinAnd([...byTool].map(([tool, n]) => `${num(n)} ${tool} ${n === 1 ? 'migration' : 'migrations'}`));
}

/**
 * Tables whose rows each record one change of a value (`old_status` and `new_status` fields): what
 * they hold is a history, which the field list alone does not say. The record's owner, where a
 * many-to-one relation names one, says whose value changed.
 */
export function changeRecords(tables: DataEntity[]): string | null {
  const told = tables.flatMap((t) => {
    const names = new Set(t.fields);
    const changed = t.fields.flatMap((f) => {
      const m = /^old_(\w+)$/.exec(f);
      return m && names.has(`new_${m[1]}`) ? [m[1]!] : [];
    });
    if (!changed.length) return [];
    const owner = t.relations?.find((r) => r.kind === 'many-to-one')?.to;
    const values = joinAnd(changed.map((c) => `${code(c)}, from ${code(`old_${c}`)} to ${code(`new_${c}`)}`));
    return [
      `a ${code(t.name)} row records one change of ${owner ? `a ${code(owner)}'s ` : 'a '}${values} (${cite(t.file, t.line)})`,
    ];
  });
  if (!told.length) return null;
  const said = joinSome(told, 3);
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}.`;
}

export function writeDataModel({ a, fx }: WriterContext): string {
  const { ormFrameworks, schemaFiles, tables, schemas, migrations } = fx.dataModel;
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
  const distinct = distinctTables(tables);
  if (distinct.length) {
    const files = unique(tables.map((t) => t.file)).length;
    const stored = `${plural(distinct.length, 'table')} ${agree(distinct.length, 'holds', 'hold')} the stored data`;
    parts.push(`${stored}, declared in ${plural(files, 'file')}:`);
    parts.push(
      table(
        ['Table', 'Kind', 'Fields', 'Relations', 'Declared at'],
        distinct
          .slice(0, 30)
          .map((t) => [
            code(t.name),
            KIND[t.kind] ?? text(t.kind),
            fields(t),
            relationsOf(t),
            `${cite(t.file, t.line)}${t.copies ? ` (+${plural(t.copies, 'other declaration')})` : ''}`,
          ]),
      ),
    );
    if (distinct.length > 30) parts.push(`…and ${num(distinct.length - 30)} more.`);
    // one schema written once per database, picked by a setting: said as a set, never as one
    // "database-specific" file for the one dialect whose syntax gave it away
    const variants = schemaVariants(tables);
    if (variants.files.length) parts.push(variantsLine(a, variants.files, variants.tables));
    // a dialect is named only from syntax that database alone accepts (jsonb, AUTO_INCREMENT…)
    const dialects = unique(tables.flatMap((t) => (t.dialect ? [t.dialect] : [])));
    if (dialects.length && !variants.files.length) {
      const at = (d: string) => tables.find((t) => t.dialect === d)!;
      const written = dialects.map((d) => `${text(d)} in ${cite(at(d).file, at(d).line)}`);
      parts.push(`Database-specific SQL: ${joinAnd(written)}.`);
    }
    const changes = changeRecords(distinct);
    if (changes) parts.push(changes);
    const secured = distinct.filter((t) => t.rowLevelSecurity);
    if (secured.length)
      parts.push(
        `Row level security is enabled on ${plural(secured.length, 'table')} (${joinSome(
          secured.map((t) => code(t.name)),
          6,
        )}): the database itself limits which rows each user may read or change.`,
      );
  }
  if (migrations.length) {
    const [first, last] = [cite(migrations[0]!.path), cite(migrations.at(-1)!.path)];
    // one migration is named, not given as a range from itself to itself
    const span = first === last ? `: ${first}` : `, from ${first} to ${last}`;
    const evolve = agree(migrations.length, 'evolves', 'evolve');
    parts.push(sentence(`${migrationCounts(migrations)} ${evolve} the schema`, span));
  }
  const declared = new Set([...tables, ...schemas].map((e) => e.file));
  const migrated = new Set(migrations.map((m) => m.path));
  // a file of INSERTs is data and one creating the database and its users is setup, not a schema
  const scripts = new Map((a.sqlScripts ?? []).map((x) => [x.path, x.holds]));
  const left = schemaFiles.filter((f) => !declared.has(f.path) && !migrated.has(f.path));
  const scriptList = (holds: 'data' | 'setup') =>
    joinSome(
      left.filter((f) => scripts.get(f.path) === holds).map((f) => cite(f.path)),
      4,
    );
  const [data, setup] = [scriptList('data'), scriptList('setup')];
  if (data) parts.push(`Rows are inserted into the tables by ${data}.`);
  if (setup) parts.push(`The database, its users or their rights are created by ${setup}.`);
  // an empty file (a seed dump not yet written) holds no schema and is not named
  const other = left.filter((f) => !scripts.has(f.path) && f.code > 0);
  if (other.length) {
    const named = joinSome(
      other.map((f) => `${cite(f.path)} (${plural(f.code, 'line')} of ${text(f.language ?? 'text')})`),
      4,
    );
    parts.push(
      other.length === 1
        ? `A further schema file declares no table: ${named}.`
        : `Further schema files declare no table: ${named}.`,
    );
  }
  if (schemas.length) {
    const shape = agree(schemas.length, 'shapes', 'shape');
    parts.push(
      `${plural(schemas.length, 'schema')} ${shape} the data the code reads and writes; they validate it but are not stored as tables:`,
    );
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
    const searched = ` in ${searchedFiles(fx)}`;
    const none = `No SQL table, ORM model, migration or entity schema was found${searched}`;
    // no schema says nothing of the files a program writes (an on-disk cache, a state file), so it
    // is not "no persistent data"
    parts.push(
      ormFrameworks.length
        ? `${none}, so the database library is used without a declared schema.`
        : `${none}.`,
    );
  }
  return paragraphs(...parts);
}
