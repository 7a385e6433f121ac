// Pass: the data model as the code declares it: SQL tables (CREATE TABLE), ORM models (Drizzle,
// Prisma, TypeORM, Sequelize, Mongoose, SQLAlchemy, Django, GORM) and entity-named zod/pydantic
// schemas, each with its fields. A plain interface is not a data model, so none is listed here.

import { codeText } from './comments.ts';
import { matchesWithLines, type Sources } from './sources.ts';
import { isNonProductCode } from './test-code.ts';
import type { DataEntity, FileInfo } from './types.ts';

/** The text inside the bracket that opens at `open` (exclusive), or null when it never closes. */
function bracketBody(text: string, open: number): string | null {
  const pairs: Record<string, string> = { '(': ')', '{': '}', '[': ']' };
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (pairs[c]) stack.push(pairs[c]!);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (!stack.length) return text.slice(open + 1, i);
    }
  }
  return null;
}

/** Splits a list at commas that are not nested in brackets or quotes. */
function topLevel(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out.map((s) => s.replace(/\/\/[^\n]*|--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim()).filter(Boolean);
}

const objectKeys = (body: string) =>
  topLevel(body)
    .map((p) => /^['"]?([A-Za-z_$][\w$]*)['"]?\s*:/.exec(p)?.[1])
    .filter((k): k is string => !!k && k !== '...');
const SQL_CONSTRAINT = /^(primary|foreign|unique|constraint|check|index|key|exclude|like|period)\b/i;
// request/response shapes and settings are schemas too, but not entities the product stores
const NOT_ENTITY =
  /(Form|Request|Response|Query|Params|Param|Body|Config|Options|Error|Input|Args|Settings|Env|Payload|Filter|Props)$/;

/** Lines of an indented block after `from` (Python class body, Prisma model, Go struct). */
function blockLines(lines: string[], from: number, end: (l: string) => boolean): string[] {
  const out: string[] = [];
  for (let i = from; i < lines.length && !end(lines[i]!); i++) out.push(lines[i]!);
  return out;
}

export function dataModelPass(src: Sources, files: FileInfo[]): DataEntity[] {
  const out: DataEntity[] = [];
  for (const f of files) {
    if (isNonProductCode(f.path) || !/\.(sql|prisma|[cm]?[jt]sx?|py|go)$/i.test(f.path)) continue;
    // a table or model quoted in a comment or docstring is not part of the schema
    const text = codeText(src, f.path, f.language);
    if (text == null) continue;
    const add = (kind: DataEntity['kind'], name: string, line: number, fields: string[]) =>
      out.push({ kind, name, file: f.path, line, fields });
    if (/\.sql$/i.test(f.path)) {
      for (const { m, line } of matchesWithLines(
        text,
        /create\s+table\s+(?:if\s+not\s+exists\s+)?([\w."`[\]]+)\s*\(/gi,
      )) {
        const body = bracketBody(text, m.index! + m[0].length - 1) ?? '';
        const cols = topLevel(body)
          .filter((c) => !SQL_CONSTRAINT.test(c))
          .map((c) => c.split(/\s+/)[0]!.replace(/["`[\]]/g, ''));
        add('sql-table', m[1]!.replace(/["`[\]]/g, ''), line, cols);
      }
      continue;
    }
    const lines = text.split('\n');
    if (/\.prisma$/i.test(f.path)) {
      for (const { m, line } of matchesWithLines(text, /^model\s+(\w+)\s*\{/gm)) {
        add(
          'prisma',
          m[1]!,
          line,
          blockLines(lines, line, (l) => /^\s*\}/.test(l))
            .map((l) => /^\s+(\w+)\s+\w/.exec(l)?.[1])
            .filter((x): x is string => !!x),
        );
      }
      continue;
    }
    if (/\.[cm]?[jt]sx?$/i.test(f.path)) {
      for (const { m, line } of matchesWithLines(
        text,
        /\b(?:const|let|var)\s+(\w+)\s*=\s*(pgTable|mysqlTable|sqliteTable)\s*\(\s*['"]([\w.]+)['"]\s*,\s*/g,
      )) {
        const open = text.indexOf('{', m.index! + m[0].length - 1);
        add('drizzle', m[3]!, line, open < 0 ? [] : objectKeys(bracketBody(text, open) ?? ''));
      }
      for (const { m, line } of matchesWithLines(
        text,
        /\b(?:const|let|var)\s+(\w+)\s*=\s*new\s+(?:mongoose\.)?Schema\s*(?:<[^>]*>)?\s*\(\s*\{/g,
      )) {
        add(
          'mongoose',
          m[1]!.replace(/Schema$/, ''),
          line,
          objectKeys(bracketBody(text, m.index! + m[0].length - 1) ?? ''),
        );
      }
      for (const { m, line } of matchesWithLines(
        text,
        /\b(\w+)\s*=\s*\w+\.define\s*\(\s*['"](\w+)['"]\s*,\s*\{/g,
      )) {
        add('sequelize', m[2]!, line, objectKeys(bracketBody(text, m.index! + m[0].length - 1) ?? ''));
      }
      for (const { m, line } of matchesWithLines(
        text,
        /@Entity\s*\([^)]*\)\s*(?:export\s+)?(?:default\s+)?class\s+(\w+)[^{]*\{/g,
      )) {
        const body = bracketBody(text, m.index! + m[0].length - 1) ?? '';
        add(
          'typeorm',
          m[1]!,
          line,
          [...body.matchAll(/@\w*Column\s*\([^)]*\)\s*(\w+)[!?]?\s*:/g)].map((x) => x[1]!),
        );
      }
      for (const { m, line } of matchesWithLines(
        text,
        /\b(?:const|let|var)\s+(\w+?)Schema\s*=\s*z\s*\.\s*object\s*\(\s*\{/g,
      )) {
        if (NOT_ENTITY.test(m[1]!) || !/^[A-Z]/.test(m[1]!)) continue;
        add('zod', m[1]!, line, objectKeys(bracketBody(text, m.index! + m[0].length - 1) ?? ''));
      }
      continue;
    }
    if (/\.py$/i.test(f.path)) {
      for (const { m, line } of matchesWithLines(text, /^class\s+(\w+)\s*\(([^)]*)\)\s*:/gm)) {
        const bases = m[2]!;
        const kind: DataEntity['kind'] | null = /\bmodels\.Model\b/.test(bases)
          ? 'django'
          : /\b(db\.Model|Base|DeclarativeBase|SQLModel)\b/.test(bases)
            ? 'sqlalchemy'
            : /\bBaseModel\b/.test(bases) && !NOT_ENTITY.test(m[1]!)
              ? 'pydantic'
              : null;
        if (!kind) continue;
        const body = blockLines(lines, line, (l) => /^\S/.test(l));
        const fieldRe =
          kind === 'pydantic'
            ? /^\s{2,}(\w+)\s*:/
            : /^\s{2,}(\w+)\s*(?::[^=]*)?=\s*(?:[\w.]*Column|mapped_column|models\.\w+|db\.Column|Field|relationship)\b/;
        add(
          kind,
          m[1]!,
          line,
          body
            .map((l) => fieldRe.exec(l)?.[1])
            .filter((x): x is string => !!x && x !== 'Meta' && x !== 'model_config'),
        );
      }
      continue;
    }
    for (const { m, line } of matchesWithLines(text, /^type\s+(\w+)\s+struct\s*\{/gm)) {
      const body = blockLines(lines, line, (l) => /^\}/.test(l));
      if (!body.some((l) => /gorm:"/.test(l)) && !/gorm\.Model/.test(body.join('\n'))) continue;
      add(
        'gorm',
        m[1]!,
        line,
        body.map((l) => /^\s+([A-Z]\w*)\s+\S/.exec(l)?.[1]).filter((x): x is string => !!x),
      );
    }
  }
  return out;
}
