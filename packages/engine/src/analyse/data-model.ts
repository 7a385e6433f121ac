// Pass: the data model as the code declares it. Stored tables: SQL `CREATE TABLE`, Prisma models,
// Drizzle tables, TypeORM and JPA entities, Sequelize and Mongoose models, Django, SQLAlchemy and
// SQLModel tables (data-model-python.ts), GORM models, Diesel `table!`s. Schemas that only shape
// data (zod, pydantic, SQLModel without table=True) are listed apart (`store: 'schema'`). Each
// comes with its fields, their types where simple, and its relations, for an entity diagram.

import { codeText } from './comments.ts';
import { pythonModels, NOT_ENTITY } from './data-model-python.ts';
import { bracketBody, column, topLevel } from './data-model-syntax.ts';
import { baseName, matchesWithLines, type Sources } from './sources.ts';
import { isNonProductCode } from './test-code.ts';
import type { DataEntity, DataField, DataRelation, FileInfo, SqlScript } from './types.ts';

const SQL_CONSTRAINT = /^(primary|foreign|unique|constraint|check|index|key|exclude|like|period)\b/i;
const MODEL_FILE = /\.(sql|prisma|[cm]?[jt]sx?|py|go|java|rs)$/i;

type Add = (e: Omit<DataEntity, 'file' | 'fields'> & { columns: DataField[] }) => void;

/** Lines of an indented block after `from` (Prisma model, Go struct). */
function blockLines(lines: string[], from: number, end: (l: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = from; i < lines.length && !end(lines[i]!); i++) out.push(lines[i]!);
  return out;
}

// a table in the default schema is named alone; one in another (`auth.users`) keeps its schema
const sqlName = (s: string) => s.replace(/["`[\]]/g, '').replace(/^(?:public|dbo|main)\./i, '');

// syntax only one database accepts: what a SQL file's tables are written for
const DIALECTS: [NonNullable<DataEntity['dialect']>, RegExp][] = [
  [
    'PostgreSQL',
    /\blanguage\s+plpgsql\b|\benable\s+row\s+level\s+security\b|\bcreate\s+policy\b|\bjsonb\b|\btimestamptz\b|\bbigserial\b|\bcreate\s+extension\b/i,
  ],
  ['MySQL', /\bengine\s*=\s*innodb\b|\bauto_increment\b/i],
  ['SQLite', /\bautoincrement\b|\bwithout\s+rowid\b/i],
];

/** SQL: each CREATE TABLE with its columns and the tables they reference; row level security. */
function sqlTables(text: string, add: Add): void {
  const dialect = DIALECTS.find(([, re]) => re.test(text))?.[0];
  const secured = new Set(
    [
      ...text.matchAll(/alter\s+table\s+(?:only\s+)?([\w."`[\]]+)\s+enable\s+row\s+level\s+security/gi),
      ...text.matchAll(/create\s+policy\s+(?:"[^"\n]*"|\w+)\s+on\s+([\w."`[\]]+)/gi),
    ].map((m) => sqlName(m[1]!).toLowerCase()),
  );
  const altered = foreignKeysAdded(text);
  for (const { m, line } of matchesWithLines(
    text,
    /create\s+(?:(?:global\s+|local\s+)?(?:temp|temporary|unlogged)\s+)?table\s+(?:if\s+not\s+exists\s+)?([\w."`[\]]+)\s*\(/gi,
  )) {
    const name = sqlName(m[1]!);
    const parts = topLevel(bracketBody(text, m.index! + m[0].length - 1) ?? '');
    const columns: DataField[] = [];
    const relations: DataRelation[] = [];
    // a foreign key that is also the table's key (or unique) points at one row from exactly one row
    const tableKey = parts
      .map((p) => /^(?:constraint\s+\S+\s+)?(?:primary\s+key|unique)\s*\(([^)]*)\)/i.exec(p)?.[1])
      .filter((k): k is string => !!k)
      .map((k) => k.replace(/["`[\]\s]/g, ''));
    const kindOf = (field: string | undefined, inline = '') =>
      /\bprimary\s+key\b|\bunique\b/i.test(inline) || (field && tableKey.includes(field))
        ? 'one-to-one'
        : 'many-to-one';
    for (const part of parts) {
      const col = /^(["`[]?\w+["`\]]?)\s+([a-z]\w*(?:\s*\([\d, ]+\))?(?:\[\])?)/i.exec(part);
      const reference = /\breferences\s+([\w."`[\]]+)/i.exec(part)?.[1];
      if (!SQL_CONSTRAINT.test(part) && col) {
        const field = sqlName(col[1]!);
        columns.push(column(field, col[2]!));
        if (reference)
          relations.push({ from: name, to: sqlName(reference), kind: kindOf(field, part), field });
      } else if (reference && /^(constraint\s+\S+\s+)?foreign\s+key/i.test(part)) {
        const field = /foreign\s+key\s*\(([^)]*)\)/i.exec(part)?.[1]?.replace(/["`[\]\s]/g, '');
        relations.push({ from: name, to: sqlName(reference), kind: kindOf(field), field });
      }
    }
    relations.push(...(altered.get(name.toLowerCase()) ?? []));
    add({
      kind: 'sql-table',
      name,
      line,
      columns,
      relations,
      ...(secured.has(name.toLowerCase()) && { rowLevelSecurity: true }),
      ...(dialect && { dialect }),
    });
  }
}

/** Foreign keys added after the table: ALTER TABLE x ADD [CONSTRAINT c] FOREIGN KEY (a) REFERENCES y. */
function foreignKeysAdded(text: string): Map<string, DataRelation[]> {
  const out = new Map<string, DataRelation[]>();
  for (const m of text.matchAll(
    /alter\s+table\s+(?:only\s+)?([\w."`[\]]+)\s+add\s+(?:constraint\s+[\w"`]+\s+)?foreign\s+key\s*\(([^)]{1,200})\)\s*references\s+([\w."`[\]]+)/gi,
  )) {
    const from = sqlName(m[1]!);
    const list = out.get(from.toLowerCase()) ?? [];
    list.push({ from, to: sqlName(m[3]!), kind: 'many-to-one', field: m[2]!.replace(/["`[\]\s]/g, '') });
    out.set(from.toLowerCase(), list);
  }
  return out;
}

/** Prisma: each model, its scalar fields, and the fields whose type is another model. */
function prismaModels(text: string, add: Add): void {
  const lines = text.split('\n');
  const models = new Set([...text.matchAll(/^model\s+(\w+)\s*\{/gm)].map((m) => m[1]!));
  for (const { m, line } of matchesWithLines(text, /^model\s+(\w+)\s*\{/gm)) {
    const columns: DataField[] = [];
    const relations: DataRelation[] = [];
    const body = blockLines(lines, line, (x) => /^\s*\}/.test(x));
    for (const l of body) {
      const f = /^\s+(\w+)\s+(\w+)(\[\])?(\?)?/.exec(l);
      if (!f) continue;
      const [, name, type, list] = f;
      if (!models.has(type!)) columns.push({ name: name!, type: type! + (list ?? '') });
      // the side that holds the key says @relation(fields: …); a list is the other side
      else if (list) relations.push({ from: m[1]!, to: type!, kind: 'one-to-many', field: name });
      else
        relations.push({
          from: m[1]!,
          to: type!,
          kind: /@relation\s*\(/.test(l) ? 'many-to-one' : 'one-to-one',
          field: name,
        });
    }
    const table = /@@map\s*\(\s*"([^"]+)"/.exec(body.join('\n'))?.[1];
    add({ kind: 'prisma', name: m[1]!, line, columns, relations, ...(table && { table }) });
  }
}

const objectEntries = (body: string) =>
  topLevel(body)
    .map((p) => {
      const key = /^['"]?([A-Za-z_$][\w$]*)['"]?\s*:/.exec(p);
      return key ? ([p, key[1]!, p.slice(key[0].length).trimStart()] as const) : null;
    })
    .filter((k) => k !== null);

/** JavaScript and TypeScript: Drizzle, Mongoose, Sequelize, TypeORM tables and zod schemas. */
function scriptModels(text: string, add: Add): void {
  drizzleTables(text, add);
  for (const { m, line } of matchesWithLines(
    text,
    /\b(?:const|let|var)\s+(\w+)\s*=\s*new\s+(?:mongoose\.)?Schema\s*(?:<[^>]*>\s*)?\(\s*\{/g,
  )) {
    const columns = objectEntries(bracketBody(text, m.index! + m[0].length - 1) ?? '').map((e) =>
      column(e[1]!, /^(?:\{\s*type\s*:\s*)?\[?(\w+)/.exec(e[2]!)?.[1]),
    );
    add({
      kind: 'mongoose',
      name: m[1]!.replace(/Schema$/, ''),
      line,
      columns,
      relations: [],
      store: 'table',
    });
  }
  for (const { m, line } of matchesWithLines(
    text.includes('.define') ? text : '',
    /\b(\w+)\s*=\s*\w+\.define\s*\(\s*['"](\w+)['"]\s*,\s*\{/g,
  )) {
    const columns = objectEntries(bracketBody(text, m.index! + m[0].length - 1) ?? '').map((e) =>
      column(e[1]!, /DataTypes\.(\w+)/.exec(e[2]!)?.[1]),
    );
    add({ kind: 'sequelize', name: m[2]!, line, columns, relations: [] });
  }
  typeormEntities(text, add);
  for (const { m, line } of matchesWithLines(
    text,
    /\b(?:const|let|var)\s+(\w+?)Schema\s*=\s*z\s*\.\s*object\s*\(\s*\{/g,
  )) {
    if (NOT_ENTITY.test(m[1]!) || !/^[A-Z]/.test(m[1]!)) continue;
    const columns = objectEntries(bracketBody(text, m.index! + m[0].length - 1) ?? '').map((e) =>
      column(e[1]!, /^z\s*\.\s*(\w+)/.exec(e[2]!)?.[1]),
    );
    add({ kind: 'zod', name: m[1]!, line, columns, relations: [], store: 'schema' });
  }
}

function drizzleTables(text: string, add: Add): void {
  const found = [
    ...matchesWithLines(
      text,
      /\b(?:const|let|var)\s+(\w+)\s*=\s*(?:pgTable|mysqlTable|sqliteTable)\s*\(\s*['"]([\w.]+)['"]\s*,\s*/g,
    ),
  ];
  // `.references(() => users.id)` names the variable; the diagram wants its table's name
  const tableOf = new Map(found.map(({ m }) => [m[1]!, m[2]!]));
  for (const { m, line } of found) {
    const name = m[2]!;
    const open = text.indexOf('{', m.index! + m[0].length - 1);
    const entries = open < 0 ? [] : objectEntries(bracketBody(text, open) ?? '');
    const relations: DataRelation[] = [];
    for (const [, field, value] of entries) {
      const target = /\.references\s*\(\s*\(\s*\)\s*=>\s*(\w+)\./.exec(value!)?.[1];
      if (target)
        relations.push({ from: name, to: tableOf.get(target) ?? target, kind: 'many-to-one', field });
    }
    const columns = entries.map(([, field, value]) => column(field!, /^(\w+)\s*\(/.exec(value!)?.[1]));
    add({ kind: 'drizzle', name, line, columns, relations });
  }
}

const TYPEORM_RELATION: Record<string, DataRelation['kind']> = {
  ManyToOne: 'many-to-one',
  OneToMany: 'one-to-many',
  OneToOne: 'one-to-one',
  ManyToMany: 'many-to-many',
};

function typeormEntities(text: string, add: Add): void {
  for (const { m, line } of matchesWithLines(
    text,
    /@Entity\s*\([^)]*\)\s*(?:export\s+)?(?:default\s+)?class\s+(\w+)(?:[^\w{][^{]*)?\{/g,
  )) {
    const body = bracketBody(text, m.index! + m[0].length - 1) ?? '';
    const columns = [...body.matchAll(/@\w*Column\s*\([^)]*\)\s*(\w+)[!?]?\s*:\s*([\w[\]]+)/g)].map((x) =>
      column(x[1]!, x[2]),
    );
    const relations = [
      ...body.matchAll(
        /@(ManyToOne|OneToMany|OneToOne|ManyToMany)\s*\(\s*\(\s*\)\s*=>\s*(\w+)(?:[^\w)][^)]*)?\)[^]{0,300}?(\w+)[!?]?\s*:/g,
      ),
    ].map((x) => ({ from: m[1]!, to: x[2]!, kind: TYPEORM_RELATION[x[1]!]!, field: x[3] }));
    const table = /^@Entity\s*\(\s*(?:\{\s*name\s*:\s*)?['"]([\w.]+)['"]/.exec(m[0])?.[1];
    add({ kind: 'typeorm', name: m[1]!, line, columns, relations, ...(table && { table }) });
  }
}

/** Go: GORM models, i.e. structs that embed gorm.Model or carry gorm tags. */
function gormModels(text: string, add: Add): void {
  const lines = text.split('\n');
  const structs = [...matchesWithLines(text, /^type\s+(\w+)\s+struct\s*\{/gm)].map(({ m, line }) => ({
    name: m[1]!,
    line,
    body: blockLines(lines, line, (l) => /^\}/.test(l)),
  }));
  const models = structs.filter((s) => s.body.some((l) => /gorm:"|^\s*gorm\.Model\b/.test(l)));
  const names = new Set(models.map((s) => s.name));
  for (const s of models) {
    const columns: DataField[] = [];
    const relations: DataRelation[] = [];
    for (const l of s.body) {
      const f = /^\s+([A-Z]\w*)\s+(\[\])?\*?([\w.]+)/.exec(l);
      if (!f) continue;
      const [, field, list, type] = f;
      // a field typed by another model is an association, not a column
      if (names.has(type!))
        relations.push({ from: s.name, to: type!, kind: list ? 'one-to-many' : 'many-to-one', field });
      else columns.push(column(field!, (list ?? '') + type!));
    }
    add({ kind: 'gorm', name: s.name, line: s.line, columns, relations });
  }
}

const JPA_RELATION: Record<string, DataRelation['kind']> = TYPEORM_RELATION;

interface JavaClass {
  name: string;
  parent?: string;
  entity: boolean;
  table?: string;
  file: string;
  line: number;
  columns: DataField[];
  relations: DataRelation[];
}

/**
 * Java: JPA @Entity classes, their persistent fields and association annotations. Fields of the
 * project's @MappedSuperclass parents (an id, a name) belong to each entity that extends them.
 */
function jpaEntities(files: { path: string; text: string }[]): DataEntity[] {
  const classes = files.flatMap((f) => javaClasses(f.text, f.path));
  const byName = new Map(classes.map((c) => [c.name, c]));
  const inherited = (c: JavaClass, depth = 0): DataField[] => {
    const parent = c.parent ? byName.get(c.parent) : undefined;
    return parent && !parent.entity && depth < 8 ? [...inherited(parent, depth + 1), ...parent.columns] : [];
  };
  return classes
    .filter((c) => c.entity)
    .map((c) => {
      const columns = [...inherited(c), ...c.columns];
      return {
        kind: 'jpa' as const,
        name: c.name,
        file: c.file,
        line: c.line,
        fields: columns.map((x) => x.name),
        store: 'table' as const,
        columns,
        relations: c.relations,
        ...(c.table && { table: c.table }),
      };
    });
}

function javaClasses(text: string, file: string): JavaClass[] {
  const out: JavaClass[] = [];
  for (const { m, line } of matchesWithLines(
    text,
    /@(Entity|MappedSuperclass)\b(?:\s*\([^)]*\))?([^{;]*?)\bclass\s+(\w+)(?:<[^>{]*>)?(?:\s+extends\s+([\w.]+))?(?:[^\w.{][^{]*)?\{/g,
  )) {
    const name = m[3]!;
    const columns: DataField[] = [];
    const relations: DataRelation[] = [];
    for (const stmt of classLevel(bracketBody(text, m.index! + m[0].length - 1) ?? '').split(/[;{}]/)) {
      const { annotations, rest } = splitAnnotations(stmt);
      // a method or constructor has brackets before any `=`; a @Transient field is not stored
      const decl =
        /^\s*(?:(?:private|protected|public|final|transient)\s+)*([\w.]+(?:<[\w.<>, ?]*>)?)\s+(\w+)\s*$/.exec(
          rest.split('=')[0]!,
        );
      if (!decl || /@Transient\b/.test(annotations)) continue;
      const [, type, field] = decl;
      const assoc = /@(ManyToOne|OneToMany|OneToOne|ManyToMany)\b/.exec(annotations)?.[1];
      if (assoc) {
        const to = /<\s*([\w.]+)\s*>/.exec(type!)?.[1] ?? type!;
        relations.push({ from: name, to: to.split('.').pop()!, kind: JPA_RELATION[assoc]!, field });
      } else columns.push(column(field!, type));
    }
    const table = /@Table\s*\(\s*(?:name\s*=\s*)?"([^"]+)"/.exec(m[2]!)?.[1];
    out.push({
      name,
      parent: m[4]?.split('.').pop(),
      entity: m[1] === 'Entity',
      table,
      file,
      line,
      columns,
      relations,
    });
  }
  return out;
}

/** The annotations that open a Java statement (`@Column(name = "x") @NotBlank`) and what follows them. */
function splitAnnotations(stmt: string): { annotations: string; rest: string } {
  let i = stmt.search(/\S/);
  while (i >= 0 && stmt[i] === '@') {
    const name = /^@[\w.]+\s*/.exec(stmt.slice(i))![0];
    i += name.length;
    if (stmt[i] === '(') i += (bracketBody(stmt, i) ?? '').length + 2;
    const next = stmt.slice(i).search(/\S/);
    i = next < 0 ? stmt.length : i + next;
  }
  const at = Math.max(0, i);
  return { annotations: stmt.slice(0, at), rest: stmt.slice(at) };
}

/** A class body with nested blocks (method bodies, inner classes) emptied, so only members remain. */
function classLevel(body: string): string {
  let depth = 0;
  let quote: string | null = null;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    // braces inside a string (`@Pattern(regexp = "\\d{10}")`) open no block
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{' && ++depth === 1) out += ';';
    else if (c === '}') depth--;
    // inside a string, braces and semicolons are text: they must not split the members
    if (depth === 0 && c !== '}') out += quote && /[{};\\]/.test(c) ? ' ' : c;
  }
  return out;
}

/** Rust: Diesel's `table!` declarations and the `joinable!` relations between them. */
function dieselTables(text: string, add: Add): void {
  const joins = [...text.matchAll(/joinable!\s*\(\s*(\w+)\s*->\s*(\w+)\s*\((\w+)\)\s*\)/g)];
  for (const { m, line } of matchesWithLines(text, /\btable!\s*\{/g)) {
    const block = bracketBody(text, m.index! + m[0].length - 1) ?? '';
    for (const t of block.matchAll(/^[ \t]*(?:[\w:]+\.)?(\w+)[ \t]*(?:\([^)]*\)[ \t]*)?\{/gm)) {
      const name = t[1]!;
      const open = t.index + t[0].length;
      const close = block.indexOf('}', open);
      if (close < 0) continue;
      const columns = [...block.slice(open, close).matchAll(/(?<!\w)(\w+)\s*->\s*([\w<>]+)/g)].map((c) => ({
        name: c[1]!,
        type: c[2]!,
      }));
      const relations = joins
        .filter((j) => j[1] === name)
        .map((j) => ({ from: name, to: j[2]!, kind: 'many-to-one' as const, field: j[3] }));
      add({
        kind: 'diesel',
        name,
        line: line + block.slice(0, t.index).split('\n').length - 1,
        columns,
        relations,
      });
    }
  }
}

export function dataModelPass(src: Sources, files: FileInfo[]): DataEntity[] {
  const out: DataEntity[] = [];
  const order = new Map(files.map((f, i) => [f.path, i]));
  // Python and Java models may inherit from a base in another file: both are read once all are in
  const python: { path: string; text: string }[] = [];
  const java: { path: string; text: string }[] = [];
  // each model file's code, read once: the migrations that drop tables and add columns are read again
  const texts = new Map<string, string>();
  for (const f of files) {
    if (isNonProductCode(f.path) || !MODEL_FILE.test(f.path)) continue;
    // a table or model quoted in a comment or docstring is not part of the schema
    const text = codeText(src, f.path, f.language);
    if (text == null) continue;
    texts.set(f.path, text);
    const add: Add = (e) =>
      out.push({ store: 'table', ...e, file: f.path, fields: e.columns.map((c) => c.name) } as DataEntity);
    const ext = /\.(\w+)$/.exec(f.path)![1]!.toLowerCase();
    // a schema the code runs itself (Go migrations as strings, a `CREATE TABLE IF NOT EXISTS` at
    // start-up) declares tables as a SQL file does
    if (ext !== 'sql' && ext !== 'prisma' && EMBEDDED_DDL.test(text)) sqlTables(text, add);
    if (ext === 'sql') sqlTables(text, add);
    else if (ext === 'prisma') prismaModels(text, add);
    else if (ext === 'py') python.push({ path: f.path, text });
    else if (ext === 'go') gormModels(text, add);
    else if (ext === 'java') java.push({ path: f.path, text });
    else if (ext === 'rs') dieselTables(text, add);
    else scriptModels(text, add);
  }
  // in the order of the files, as the rest of the analysis lists them
  const all = [...out, ...pythonModels(python), ...jpaEntities(java)].sort(
    (x, y) => order.get(x.file)! - order.get(y.file)! || x.line - y.line,
  );
  return withAddedColumns(texts, withoutDropped(texts, all));
}

/**
 * The columns later migrations add to a SQL table (`ALTER TABLE entries ADD COLUMN starred bool`):
 * the table holds them too. Columns a migration drops leave it.
 */
function withAddedColumns(texts: Map<string, string>, entities: DataEntity[]): DataEntity[] {
  const tables = new Map(
    entities.filter((e) => e.kind === 'sql-table').map((e) => [e.name.toLowerCase(), e] as const),
  );
  if (!tables.size) return entities;
  // migrations run in the order of their paths
  for (const path of [...texts.keys()].sort((x, y) => x.localeCompare(y))) {
    const text = texts.get(path)!;
    if (!/\balter\s+table\b/i.test(text)) continue;
    for (const m of text.matchAll(
      /\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?([\w."`[\]]+)\s+((?:add|drop)\s+(?:column\s+)?(?:if\s+(?:not\s+)?exists\s+)?["`[]?\w+["`\]]?(?:\s+[a-z]\w*(?:\s*\([\d, ]+\))?)?)/gi,
    )) {
      const e = tables.get(sqlName(m[1]!).toLowerCase());
      if (!e) continue;
      const clause =
        /^(add|drop)\s+(?:column\s+)?(?:if\s+(?:not\s+)?exists\s+)?["`[]?(\w+)["`\]]?(?:\s+([a-z]\w*(?:\s*\([\d, ]+\))?))?/i.exec(
          m[2]!,
        );
      if (!clause || /^(constraint|primary|foreign|unique|check|index|key)$/i.test(clause[2]!)) continue;
      const name = clause[2]!;
      if (clause[1]!.toLowerCase() === 'drop') {
        e.fields = e.fields.filter((x) => x !== name);
        e.columns = e.columns?.filter((c) => c.name !== name);
      } else if (!e.fields.includes(name)) {
        e.fields.push(name);
        e.columns = [...(e.columns ?? []), clause[3] ? column(name, clause[3]) : { name }];
      }
    }
  }
  return entities;
}

// `CREATE TABLE name (` inside a string of the code: a quote, backtick or line start before it
const EMBEDDED_DDL = /(?:["'`]|^)[ \t]*create\s+table\s+(?:if\s+not\s+exists\s+)?[\w."`[\]]+\s*\(/im;

/**
 * A SQL table a later statement drops (`DROP TABLE x`, in the same file further on or in a migration
 * that sorts after it) is no longer stored: a scratch table, or one a migration replaced.
 */
function withoutDropped(texts: Map<string, string>, entities: DataEntity[]): DataEntity[] {
  const drops: { file: string; line: number; name: string }[] = [];
  for (const [path, text] of texts) {
    // a down migration undoes its up migration: it says nothing of the schema the migrations leave
    if (!/\bdrop\s+table\b/i.test(text) || /(^|[^a-z])down([^a-z]|$)/i.test(baseName(path))) continue;
    const lines = text.split('\n');
    for (const { m, line } of matchesWithLines(
      text,
      /\bdrop\s+table\s+(?:if\s+exists\s+)?((?:[\w."`[\]]+\s*,\s*)*[\w."`[\]]+)/gi,
    )) {
      // nor does the down half of a migration that holds both (`down := "DROP TABLE …"`, `def downgrade`)
      if (
        /(^|[^a-z])(down|downgrade|rollback|revert)([^a-z]|$)/i.test(
          lines.slice(Math.max(0, line - 12), line).join('\n'),
        )
      )
        continue;
      for (const name of m[1]!.split(','))
        drops.push({ file: path, line, name: sqlName(name.trim()).toLowerCase() });
    }
  }
  if (!drops.length) return entities;
  // migrations run in the order of their paths (a timestamp or number leads each file's name)
  const later = (d: { file: string; line: number }, e: DataEntity) =>
    d.file === e.file ? d.line > e.line : d.file.localeCompare(e.file) > 0;
  // a table created again after its drop is kept by its later CREATE
  return entities.filter(
    (e) => e.kind !== 'sql-table' || !drops.some((d) => d.name === e.name.toLowerCase() && later(d, e)),
  );
}

// the statements of a SQL file by what they do: rows into tables, or the database, its users and rights
const DATA_STATEMENT = /^(insert|copy|update|delete|merge|replace|upsert)\b/i;
const SETUP_STATEMENT =
  /^(create\s+(database|user|role|login|schema)|alter\s+(database|user|role)|drop\s+(database|user|role)|grant|revoke|flush|use|set\s+password)\b/i;

/**
 * SQL files that declare no table, by what most of their statements do: `data.sql` full of INSERTs
 * is seed data, `user.sql` creating the database and granting rights is setup; neither is a schema.
 */
export function sqlScriptsPass(src: Sources, files: FileInfo[]): SqlScript[] {
  const out: SqlScript[] = [];
  for (const f of files) {
    if (!/\.sql$/i.test(f.path)) continue;
    const text = codeText(src, f.path, f.language);
    if (text == null || /\bcreate\s+(?:\w+\s+){0,3}table\b/i.test(text)) continue;
    const statements = text
      .split(';')
      .map((st) => st.trim())
      .filter(Boolean);
    if (!statements.length) continue;
    const data = statements.filter((st) => DATA_STATEMENT.test(st)).length;
    const setup = statements.filter((st) => SETUP_STATEMENT.test(st)).length;
    if (data * 2 > statements.length) out.push({ path: f.path, holds: 'data' });
    else if (setup * 2 > statements.length) out.push({ path: f.path, holds: 'setup' });
  }
  return out;
}

/** Whether an entity only shapes or validates data rather than being stored. */
export const isSchema = (e: DataEntity) =>
  e.store ? e.store === 'schema' : e.kind === 'zod' || e.kind === 'pydantic';

export interface Migration {
  path: string;
  /** What runs it: Django, Alembic, Rails, Prisma, SQL files, or a JavaScript migration tool. */
  tool: 'Django' | 'Alembic' | 'Rails' | 'Prisma' | 'SQL' | 'JavaScript';
}

// package markers and tool plumbing sit in migration folders without being migrations
const NOT_MIGRATION = /(^|\/)(__init__\.py|env\.py|script\.py\.mako|index\.[cm]?[jt]s|README[^/]*)$/i;

/**
 * The migration files among `paths`, each with the tool that runs it: Django's
 * `migrations/0001_initial.py`, Alembic's `versions/*.py` beside its `env.py`, Rails' `db/migrate/`,
 * Prisma's `migrations/<name>/migration.sql`, SQL files in a migrations folder or named as Flyway
 * (`V2__add.sql`) or golang-migrate (`0002_add.up.sql`) name them, JS/TS files in a migrations folder.
 */
export function migrationsOf(paths: string[]): Migration[] {
  const all = new Set(paths);
  const out: Migration[] = [];
  for (const p of paths) {
    if (NOT_MIGRATION.test(p)) continue;
    const tool = migrationTool(p, all);
    if (tool) out.push({ path: p, tool });
  }
  return out;
}

function migrationTool(p: string, all: Set<string>): Migration['tool'] | null {
  const alembic = /^(.*\/)?versions\/[^/]+\.py$/.exec(p);
  if (alembic && all.has(`${alembic[1] ?? ''}env.py`)) return 'Alembic';
  if (/(^|\/)migrations\/\d{4}_\w+\.py$/.test(p)) return 'Django';
  if (/(^|\/)db\/migrate\/\d+_\w+\.rb$/.test(p)) return 'Rails';
  if (/(^|\/)prisma\/migrations\/[^/]+\/migration\.sql$/.test(p)) return 'Prisma';
  if (
    /\.sql$/i.test(p) &&
    (/(^|\/)(migrations?|migrate)\//i.test(p) || /(^|\/)(V\d+(_\d+)*__\w+|\d+_\w+\.(up|down))\.sql$/.test(p))
  )
    return 'SQL';
  if (/(^|\/)migrations?\/[^/]+\.[cm]?[jt]s$/.test(p)) return 'JavaScript';
  return null;
}
