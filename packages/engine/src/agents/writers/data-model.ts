// Data model: ORM/database libraries, schema and migration files, and the types that model data.

import type { WriterContext } from './context.ts';
import { cite, code, joinSome, num, paragraphs, plural, table } from './markdown.ts';

export function writeDataModel({ a, fx }: WriterContext): string {
  const { ormFrameworks, schemaFiles, modelSymbols } = fx.dataModel;
  const parts: string[] = [];
  if (ormFrameworks.length) {
    const decl = ormFrameworks.map((n) => {
      const d = a.dependencies.find((x) => x.name === n);
      return d ? `${code(n)} ${code(d.version)} (${cite(d.manifest, d.line)})` : code(n);
    });
    parts.push(`Persistence goes through ${joinSome(decl, 4)}.`);
  }
  if (schemaFiles.length) {
    const sql = schemaFiles.filter((f) => f.path.endsWith('.sql'));
    parts.push(`${plural(schemaFiles.length, 'file')} ${schemaFiles.length === 1 ? 'defines' : 'define'} the data layer${sql.length ? `, ${sql.length === schemaFiles.length ? (sql.length === 1 ? 'in SQL' : 'all SQL') : `${num(sql.length)} of them SQL`} (${joinSome(sql.map((f) => cite(f.path)), 3)})` : ''}:`);
    parts.push(table(['File', 'Language', 'Lines of code', 'Types declared'], schemaFiles.slice(0, 25).map((f) => [cite(f.path), f.language ?? '—', num(f.code), joinSome(a.symbols.filter((s) => s.path === f.path && s.kind !== 'method' && s.kind !== 'function').map((s) => code(s.name)), 4) || '—'])));
  }
  if (modelSymbols.length) {
    parts.push(`${plural(modelSymbols.length, 'type')} describe the data the code handles:`);
    parts.push(table(['Type', 'Kind', 'Declared at'], modelSymbols.slice(0, 30).map((s) => [code(s.name), s.kind, cite(s.path, s.line)])));
    if (modelSymbols.length > 30) parts.push(`…and ${num(modelSymbols.length - 30)} more.`);
  }
  if (!parts.length) {
    const types = a.symbols.filter((s) => ['class', 'interface', 'struct', 'type'].includes(s.kind));
    return `No database library, ORM, SQL file, schema or migration was found in the ${plural(fx.sourceFiles.length, 'source file')}; the project keeps no persistent data of its own.${types.length ? ` Its in-memory data is shaped by ${plural(types.length, 'type')}, e.g. ${joinSome(types.slice(0, 4).map((s) => `${code(s.name)} (${cite(s.path, s.line)})`), 4)}.` : ''}`;
  }
  return paragraphs(...parts);
}
