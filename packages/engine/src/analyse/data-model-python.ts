// Python data models. A class is a stored table only through what makes it one: a Django
// `models.Model` subclass (directly or through the project's own abstract bases), a class with
// `__tablename__` or derived from a SQLAlchemy declarative base (or Flask-SQLAlchemy's `db.Model`),
// a SQLModel class declared with `table=True`. Pydantic models and SQLModel classes without
// `table=True` only shape data: they are schemas.

import { callArgs, column, unquote } from './data-model-syntax.ts';
import type { DataEntity, DataField, DataRelation } from './types.ts';

interface PyClass {
  name: string;
  /** The base classes as written, generic arguments dropped: `models.Model`, `Base`. */
  bases: string[];
  /** The whole text between the class's brackets: bases and keywords (`table=True`). */
  header: string;
  file: string;
  line: number;
  /** Class-level statements, each with its continuation lines joined. */
  statements: string[];
  abstract: boolean;
  tableName?: string;
  djangoFile: boolean;
  /** Names the file imports with `from M import Name`, each with its module `M` as written. */
  imports: Map<string, string>;
}

type Family = 'django' | 'sqlalchemy' | 'sqlmodel' | 'pydantic';

// request/response shapes and settings are schemas too, but not entities worth listing
export const NOT_ENTITY =
  /(Form|Request|Response|Query|Params|Param|Body|Config|Options|Error|Input|Args|Settings|Env|Payload|Filter|Props)$/;
const DJANGO_FIELD = /^(?:[\w.]*\.)?(\w*(?:Field|ForeignKey))\s*\(/;
const DJANGO_RELATION: Record<string, DataRelation['kind']> = {
  ForeignKey: 'many-to-one',
  OneToOneField: 'one-to-one',
  ManyToManyField: 'many-to-many',
};
const SQLA_COLUMN = /^(?:\w+\.)?(Column|mapped_column)\s*\(/;
const RELATIONSHIP = /^(?:\w+\.)?(relationship|Relationship)\s*\(/;
const NOT_FIELD = new Set([
  'Meta',
  'model_config',
  'objects',
  '__tablename__',
  '__table_args__',
  '__abstract__',
]);

/** The top-level classes of one file that have base classes, with their class-level statements. */
function classesOf(text: string, file: string): PyClass[] {
  const lines = text.split('\n');
  const djangoFile = /^[ \t]*(?:from|import)[ \t]+django\b/m.test(text);
  const out: PyClass[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^class\s+(\w+)\s*\(/.exec(lines[i]!);
    if (!head) continue;
    // the header may span lines: read up to the colon that closes it
    let header = lines[i]!.slice(head[0].length);
    let j = i;
    while (!/\)\s*:/.test(header) && j + 1 < lines.length && j - i < 20) header += ` ${lines[++j]!.trim()}`;
    header = header.replace(/\)\s*:[^]*$/, '');
    const body: string[] = [];
    for (j++; j < lines.length && !/^\S/.test(lines[j]!); j++) body.push(lines[j]!);
    out.push({ ...pyClass(head[1]!, header, file, i + 1, body, djangoFile), imports: fromImports(text) });
  }
  return out;
}

/** `from M import A, B as C` (brackets may span lines): each bound name with its module. */
function fromImports(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/^from[ \t]+(\.+(?:\w[\w.]*)?|\w[\w.]*) import[ \t]+(\([^)]*\)|[^\n]*)/gm))
    for (const part of m[2]!
      .replace(/#[^\n]*/g, '')
      .replace(/[()\\]/g, '')
      .split(',')) {
      // `A as C` binds C; `A` binds A
      const bound = part.trim().split(/\s+/).pop();
      if (bound && /^\w+$/.test(bound)) out.set(bound, m[1]!);
    }
  return out;
}

/**
 * The project's own class a base names: the class of that name, unless the file imports the name
 * from a module other than the one that class is in (`from django.contrib.syndication.views import
 * Feed` is Django's feed, not the project's `Feed` model).
 */
function parentOf(c: PyClass, base: string, byName: Map<string, PyClass>): PyClass | undefined {
  const simple = base.split('.').pop()!;
  const parent = byName.get(simple);
  const mod = base.includes('.') ? undefined : c.imports.get(simple);
  if (!parent || mod === undefined) return parent;
  const dots = /^\.*/.exec(mod)![0].length;
  const rest = mod.slice(dots).replace(/\./g, '/');
  let target = rest;
  if (dots) {
    const dir = c.file.split('/').slice(0, -1);
    target = [...dir.slice(0, Math.max(0, dir.length - (dots - 1))), ...(rest ? [rest] : [])].join('/');
  }
  const module = parent.file.replace(/\.py$/, '').replace(/\/__init__$/, '');
  return module === target || module.endsWith(`/${target}`) ? parent : undefined;
}

function pyClass(
  name: string,
  header: string,
  file: string,
  line: number,
  body: string[],
  djangoFile: boolean,
): Omit<PyClass, 'imports'> {
  const statements = statementsOf(body);
  const assigned = (key: string) =>
    statements.map((s) => new RegExp(`^${key}\\s*(?::[^=]*)?=\\s*(.+)$`).exec(s)?.[1]).find(Boolean);
  const bases = header
    .split(',')
    .map((b) => b.replace(/\[[^\]]*\]?/g, '').trim())
    .filter((b) => b && !b.includes('='));
  return {
    name,
    bases,
    header,
    file,
    line,
    statements,
    // Django's Meta.abstract / proxy and SQLAlchemy's __abstract__ declare no table of their own
    abstract:
      body.some((l) => /^\s+(abstract|proxy)\s*=\s*True\b/.test(l)) ||
      /^True\b/.test(assigned('__abstract__') ?? ''),
    tableName:
      unquote(assigned('__tablename__') ?? '') ||
      unquote(body.map((l) => /^\s+db_table\s*=[ \t]*(\S.*)$/.exec(l)?.[1]).find(Boolean) ?? '') ||
      (assigned('__table__') ? name : undefined),
    djangoFile,
  };
}

/** The statements at the class body's own indentation, each joined with its continuation lines. */
function statementsOf(body: string[]): string[] {
  const indent = body.find((l) => l.trim())?.match(/^\s*/)?.[0].length ?? 0;
  const out: string[] = [];
  let open = 0;
  for (const l of body) {
    if (!l.trim()) continue;
    const depth = l.match(/^\s*/)![0].length;
    // a closing bracket back at the body's indentation still ends the call it opened
    if ((depth > indent || open > 0) && out.length) out[out.length - 1] += ` ${l.trim()}`;
    else if (depth === indent) out.push(l.trim());
    else continue;
    open = Math.max(0, open + bracketBalance(l));
  }
  return out;
}

/** Brackets a line opens minus those it closes, strings left out. */
function bracketBalance(line: string): number {
  let n = 0;
  for (const c of line.replace(/"[^"\n]*"|'[^'\n]*'/g, ''))
    n += '([{'.includes(c) ? 1 : ')]}'.includes(c) ? -1 : 0;
  return n;
}

/** What kind of model a class is, through its bases and the project's own classes between. */
function familyOf(
  c: PyClass,
  byName: Map<string, PyClass>,
  declBases: Set<string>,
  seen = new Set<string>(),
): Family | null {
  seen.add(c.name);
  for (const base of c.bases) {
    const simple = base.split('.').pop()!;
    if (base === 'models.Model' || (base === 'Model' && c.djangoFile)) return 'django';
    if (/^\w+\.Model$/.test(base) && !c.djangoFile) return 'sqlalchemy';
    if (declBases.has(simple) || /^DeclarativeBase(NoMeta)?$/.test(simple)) return 'sqlalchemy';
    if (simple === 'SQLModel') return 'sqlmodel';
    if (simple === 'BaseModel' && base !== 'models.BaseModel') return 'pydantic';
    const parent = parentOf(c, base, byName);
    if (parent && !seen.has(simple)) {
      const f = familyOf(parent, byName, declBases, seen);
      if (f) return f;
    }
  }
  return null;
}

/** A relation's target as a model name: `"accounts.Project"` → Project, `'self'` → the class. */
function targetName(raw: string, self: string): string {
  const t = unquote(raw).replace(/^settings\.AUTH_USER_MODEL$/, 'User');
  return t === 'self' ? self : t.split('.').pop()!;
}

/** A statement `name[: annotation] = value` or `name: annotation`. */
function assignment(s: string): { name: string; annotation?: string; value?: string } | null {
  const name = /^\w+/.exec(s)?.[0];
  if (!name || NOT_FIELD.has(name)) return null;
  const rest = s.slice(name.length);
  const eq = rest.indexOf('=');
  const before = (eq < 0 ? rest : rest.slice(0, eq)).trim();
  if (before && !before.startsWith(':')) return null;
  const annotation = before.slice(1).trim() || undefined;
  const value = eq < 0 ? undefined : rest.slice(eq + 1).trimStart();
  // `a == b` is a comparison, `a =` an unfinished statement
  if (value !== undefined && (!value || value.startsWith('='))) return null;
  if (!annotation && !value) return null;
  return { name, annotation, value };
}

const isCollection = (annotation = '') =>
  /^(?:typing\.)?(?:List|list|Set|set|Sequence|tuple|Tuple)\b/.test(annotation.replace(/^Mapped\[/, ''));
/** `Mapped[Optional["User"]]` → User. */
const innerName = (annotation: string) =>
  annotation
    .replace(/^Mapped\[/, '')
    .replace(/\b(?:typing\.)?(?:Optional|List|list|Set|set|Sequence)\[/g, '')
    .replace(/[\]'"\s]/g, '')
    .split('|')
    .find((x) => x && x !== 'None');

interface Read {
  columns: DataField[];
  relations: DataRelation[];
  /** Foreign keys by the table name they point to, resolved to a class once all are known. */
  foreignTables: { field: string; table: string }[];
  /** Relations whose side the declaration does not say (a bare relationship()): the foreign key tells. */
  guessed?: Set<DataRelation>;
}

function readDjango(c: PyClass): Read {
  const read: Read = { columns: [], relations: [], foreignTables: [] };
  for (const s of c.statements) {
    const a = assignment(s);
    const call = a?.value && DJANGO_FIELD.exec(a.value);
    if (!a || !call) continue;
    const type = call[1]!;
    read.columns.push({ name: a.name, type });
    const kind = DJANGO_RELATION[type];
    if (!kind) continue;
    // the first argument (or `to=`) is the related model; `on_delete=` and the rest are options
    const { positional, named } = callArgs(a.value!, a.value!.indexOf('('));
    const to = named.get('to') ?? positional[0];
    if (to) read.relations.push({ from: c.name, to: targetName(to, c.name), kind, field: a.name });
  }
  return read;
}

function readSqlAlchemy(c: PyClass, sqlModel: boolean): Read {
  const read: Read = { columns: [], relations: [], foreignTables: [], guessed: new Set() };
  const pending: { field: string; to: string; annotation?: string; args: ReturnType<typeof callArgs> }[] = [];
  for (const s of c.statements) {
    const a = assignment(s);
    if (!a || /^ClassVar\b/.test(a.annotation ?? '')) continue;
    const value = a.value ?? '';
    const rel = RELATIONSHIP.exec(value);
    if (rel) {
      const args = callArgs(value, value.indexOf('('));
      const to =
        args.positional[0] ?? args.named.get('argument') ?? (a.annotation && innerName(a.annotation));
      if (to) pending.push({ field: a.name, to: targetName(to, c.name), annotation: a.annotation, args });
      continue;
    }
    const columnCall = SQLA_COLUMN.exec(value);
    // a SQLModel field is any annotated attribute; a SQLAlchemy one is a Column or a Mapped[] annotation
    if (!columnCall && !/^Mapped\[/.test(a.annotation ?? '') && !(sqlModel && a.annotation)) continue;
    const args = value.includes('(') ? callArgs(value, value.indexOf('(')) : null;
    const typeArg = columnCall ? args?.positional.find((p) => !/^['"]|ForeignKey\s*\(/.test(p)) : undefined;
    const type = a.annotation ? innerType(a.annotation) : typeArg?.split('(')[0]!.split('.').pop();
    read.columns.push(column(a.name, type));
    const fk =
      /ForeignKey\s*\(\s*['"]([\w.]+)['"]/.exec(value)?.[1] ?? unquote(args?.named.get('foreign_key') ?? '');
    if (fk) read.foreignTables.push({ field: a.name, table: fk.split('.').slice(0, -1).join('.') || fk });
  }
  for (const p of pending) {
    const many = p.args.named.has('secondary') || p.args.named.has('link_model');
    const kind: DataRelation['kind'] = many
      ? 'many-to-many'
      : p.args.named.get('uselist') === 'False'
        ? 'one-to-one'
        : isCollection(p.annotation) || !p.annotation
          ? 'one-to-many'
          : 'many-to-one';
    const relation: DataRelation = { from: c.name, to: p.to, kind, field: p.field };
    read.relations.push(relation);
    if (!p.annotation && kind === 'one-to-many') read.guessed!.add(relation);
  }
  return read;
}

/** `Mapped[Optional[str]]` → `Optional[str]`; `Optional[int] = None` keeps its annotation. */
const innerType = (annotation: string) => annotation.replace(/^Mapped\[([^]*)\]$/, '$1');

function readPydantic(c: PyClass): Read {
  const columns = c.statements
    .map(assignment)
    .filter((a): a is NonNullable<typeof a> => !!a?.annotation && !/^ClassVar\b/.test(a.annotation))
    .map((a) => column(a.name, a.annotation));
  return { columns, relations: [], foreignTables: [] };
}

/** Python data models of all files at once, since a model's base may live in another module. */
export function pythonModels(files: { path: string; text: string }[]): DataEntity[] {
  const classes = files.flatMap((f) => classesOf(f.text, f.path));
  const byName = new Map(classes.map((c) => [c.name, c]));
  // `Base = declarative_base()`, `Base = registry().generate_base()`
  const declBases = new Set(
    files.flatMap((f) =>
      [
        ...f.text.matchAll(
          /^(\w+)\s*(?::[^=\n]*)?=\s*(?:[\w.]+\.)?(?:declarative_base|generate_base)\s*\(/gm,
        ),
      ].map((m) => m[1]!),
    ),
  );
  const out: DataEntity[] = [];
  const pending: { entity: DataEntity; read: Read }[] = [];
  for (const c of classes) {
    const family = familyOf(c, byName, declBases) ?? (c.tableName ? 'sqlalchemy' : null);
    if (!family || (family === 'pydantic' && NOT_ENTITY.test(c.name))) continue;
    const table = isTable(c, family, byName);
    // an abstract Django or SQLAlchemy base declares no table and validates nothing: it is not listed
    if (!table && (family === 'django' || family === 'sqlalchemy')) continue;
    const read =
      family === 'django'
        ? readDjango(c)
        : family === 'pydantic'
          ? readPydantic(c)
          : readSqlAlchemy(c, family === 'sqlmodel');
    if (table) read.columns = [...inheritedColumns(c, family, byName, new Set([c.name])), ...read.columns];
    const entity: DataEntity = {
      kind: family,
      name: c.name,
      file: c.file,
      line: c.line,
      fields: read.columns.map((x) => x.name),
      store: table ? 'table' : 'schema',
      columns: read.columns,
      relations: read.relations,
      ...(c.tableName && c.tableName !== c.name && { table: c.tableName }),
    };
    out.push(entity);
    pending.push({ entity, read });
  }
  resolveForeignTables(pending, classes);
  return out;
}

/**
 * The columns a table takes from the project's own bases that are no table of their own (a SQLModel
 * `UserBase`, a Django abstract model, a mixin), nearest last; a column the class declares again is
 * its own. A base with a table of its own keeps its columns there.
 */
function inheritedColumns(
  c: PyClass,
  family: Family,
  byName: Map<string, PyClass>,
  seen: Set<string>,
): DataField[] {
  const own = new Set(c.statements.map((s) => assignment(s)?.name).filter(Boolean));
  const out: DataField[] = [];
  for (const b of c.bases) {
    const base = parentOf(c, b, byName);
    if (!base || seen.has(base.name) || isTable(base, family, byName)) continue;
    seen.add(base.name);
    const read = family === 'django' ? readDjango(base) : readSqlAlchemy(base, family === 'sqlmodel');
    for (const col of [...inheritedColumns(base, family, byName, seen), ...read.columns])
      if (!own.has(col.name) && !out.some((x) => x.name === col.name)) out.push(col);
  }
  return out;
}

function isTable(c: PyClass, family: Family, byName: Map<string, PyClass>): boolean {
  if (c.abstract || family === 'pydantic') return false;
  if (family === 'django') return true;
  if (family === 'sqlmodel') return /\btable\s*=\s*True\b/.test(c.header);
  // Flask-SQLAlchemy names the table itself; a declarative class needs __tablename__ (or __table__)
  return !!c.tableName || flaskModel(c, byName, new Set());
}

function flaskModel(c: PyClass, byName: Map<string, PyClass>, seen: Set<string>): boolean {
  seen.add(c.name);
  return c.bases.some((b) => {
    if (/^\w+\.Model$/.test(b)) return true;
    const parent = parentOf(c, b, byName);
    return !!parent && !seen.has(parent.name) && !parent.tableName && flaskModel(parent, byName, seen);
  });
}

/** A foreign key names a table (`users.id`); the diagram wants the model that maps it. */
function resolveForeignTables(pending: { entity: DataEntity; read: Read }[], classes: PyClass[]): void {
  const byTable = new Map<string, string>();
  for (const c of classes) byTable.set((c.tableName ?? c.name).toLowerCase(), c.name);
  for (const { entity, read } of pending)
    for (const fk of read.foreignTables) {
      const to = byTable.get(fk.table.toLowerCase()) ?? fk.table;
      const rels = entity.relations!;
      // a bare relationship() beside a foreign key to the same model is the key's side: many-to-one
      const known = rels.find((r) => r.to === to);
      if (known && read.guessed?.has(known)) known.kind = 'many-to-one';
      if (!known) rels.push({ from: entity.name, to, kind: 'many-to-one', field: fk.field });
    }
}
