// The options a JavaScript or TypeScript class takes in its constructor (`new Koa({ proxy: true })`):
// a library's own configuration, which its users set in code rather than in the environment.

import { blankComments } from './comments.ts';

export interface ConstructorOption {
  name: string;
  /** What the constructor uses when the option is not given (`2`, `'X-Forwarded-For'`), as written. */
  defaultValue?: string;
  /** Where it is read: in the class's own file unless a parent class's constructor reads it. */
  path: string;
  line: number;
}

export interface ConstructorOptions {
  /** The class whose constructor reads them, and the line of that constructor. */
  className: string;
  param: string;
  path: string;
  line: number;
  options: ConstructorOption[];
}

const CLASS =
  /^\s*(?:export\s+(?:default\s+)?|module\.exports\s*=\s*)?class\s+([A-Za-z_$][\w$]*)[^{]*?(?:\bextends\s+([A-Za-z_$][\w$.]*))?/;

/** The index just past the bracket that closes the one at `open`, or -1. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * The options the constructor of the class declared at or after `fromLine` reads from its first
 * parameter: `options.proxy || false`, `options.router ?? new SmartRouter(…)`, `const { strict } =
 * options` with `strict ?? true` further on. `base` finds the text of a class the constructor hands
 * the same options to with `super(options)`, whose reads count too.
 */
export function constructorOptions(
  path: string,
  source: string,
  fromLine: number,
  base?: (name: string) => { path: string; text: string } | undefined,
): ConstructorOptions | undefined {
  const text = blankComments(source, 'JavaScript');
  const lines = text.split('\n');
  let className: string | undefined;
  let parent: string | undefined;
  let classLine = -1;
  for (let i = Math.max(0, fromLine - 1); i < lines.length; i++) {
    const m = CLASS.exec(lines[i]!);
    if (!m) continue;
    className = m[1];
    // the class head may run over several lines (`export class Hono<` … `> extends HonoBase<…> {`),
    // and its type parameters' `extends` are constraints, not its parent
    let head = lines.slice(i, i + 12).join(' ');
    for (let n = 0; n < 8 && /<[^<>]*>/.test(head); n++) head = head.replace(/<[^<>]*>/g, '');
    parent = /\bclass\s+[\w$]+\s+extends\s+([A-Za-z_$][\w$.]*)/.exec(head)?.[1];
    classLine = i;
    break;
  }
  if (!className) return undefined;
  const start = lines.slice(0, classLine).join('\n').length;
  const ctor = /\bconstructor\s*\(\s*([A-Za-z_$][\w$]*)/g;
  ctor.lastIndex = start;
  const m = ctor.exec(text);
  if (!m) return undefined;
  // the constructor must be this class's: before the next class opens
  const after = start + 1 + lines[classLine]!.length;
  const next = text.slice(after).search(/^[ \t]*(?:export[ \t]+)?class\s/m);
  if (next >= 0 && m.index > after + next) return undefined;
  const param = m[1]!;
  const open = text.indexOf('{', text.indexOf(')', m.index));
  const close = closingBrace(text, open);
  if (open < 0 || close < 0) return undefined;
  const body = text.slice(open, close);
  const lineOf = (i: number) => text.slice(0, i).split('\n').length;
  const options = new Map<string, ConstructorOption>();
  const add = (name: string, at: number, value?: string) => {
    const had = options.get(name);
    if (!had) options.set(name, { name, path, line: lineOf(at), ...(value ? { defaultValue: value } : {}) });
    else if (value && !had.defaultValue) had.defaultValue = value;
  };
  const fallback = (after: string) => {
    const op = /^\s*(?:\|\||\?\?)\s*/.exec(after);
    if (!op) return undefined;
    // the expression, to a comma, semicolon or closing bracket outside its own brackets, or the end
    // of its line when nothing stays open
    let depth = 0;
    let i = op[0].length;
    for (; i < after.length; i++) {
      const c = after[i]!;
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) {
        if (!depth) break;
        depth--;
      } else if (!depth && (c === ',' || c === ';' || c === '\n')) break;
    }
    const value = after
      .slice(op[0].length, i)
      .replace(/\s+/g, ' ')
      .replace(/,\s*([}\]])/g, ' $1')
      .trim();
    return value && value.length <= 90 ? value : undefined;
  };
  for (const r of body.matchAll(new RegExp(`\\b${param}\\.([A-Za-z_$][\\w$]*)`, 'g'))) {
    const end = r.index + r[0].length;
    add(r[1]!, open + r.index, fallback(body.slice(end, end + 300)));
  }
  // `const { strict, ...rest } = options`, and a default given where the name is used
  for (const d of body.matchAll(new RegExp(`\\{([^{}]*)\\}\\s*=\\s*${param}\\b`, 'g'))) {
    for (const part of d[1]!.split(',')) {
      const pm = /^([A-Za-z_$][\w$]*)(?:\s*=(.+))?$/.exec(part.trim());
      if (!pm) continue;
      const later = new RegExp(`\\b${pm[1]}\\s*(?=\\?\\?|\\|\\|)`).exec(body.slice(d.index + d[0].length));
      const value =
        pm[2]?.trim() ??
        (later
          ? fallback(
              body.slice(
                d.index + d[0].length + later.index + later[0].length,
                d.index + d[0].length + later.index + 200,
              ),
            )
          : undefined);
      add(pm[1]!, open + d.index, value);
    }
  }
  // `super(options)`: the parent class reads the same options
  if (parent && base && new RegExp(`\\bsuper\\(\\s*${param}\\s*\\)`).test(body)) {
    const found = base(parent);
    // exported under another name: `export { Hono as HonoBase }`
    const own =
      found && new RegExp(`\\bexport\\s*\\{[^}]*\\b(\\w+)\\s+as\\s+${parent}\\b`).exec(found.text)?.[1];
    const name = own ?? parent;
    const at = found?.text.split('\n').findIndex((l) => new RegExp(`\\bclass\\s+${name}\\b`).test(l)) ?? -1;
    const inherited = found && at >= 0 ? constructorOptions(found.path, found.text, at + 1) : undefined;
    if (inherited?.className === name)
      for (const o of inherited.options) if (!options.has(o.name)) options.set(o.name, o);
  }
  if (!options.size) return undefined;
  // the class's own reads first, then those its parent makes, each in the order of the code
  const ordered = [...options.values()].sort(
    (x, y) => Number(x.path !== path) - Number(y.path !== path) || x.line - y.line,
  );
  return { className, param, path, line: lineOf(m.index), options: ordered };
}

/** The product file a relative import of `name` points to (`import { HonoBase } from './hono-base'`). */
export function importedFrom(
  source: string,
  name: string,
  fromPath: string,
  has: (path: string) => boolean,
): string | undefined {
  const m =
    new RegExp(`import\\s*(?:\\{[^}]*\\b${name}\\b[^}]*\\}|${name})\\s*from\\s*['"](\\.[^'"]+)['"]`).exec(
      source,
    ) ?? new RegExp(`\\b${name}\\s*=\\s*require\\(\\s*['"](\\.[^'"]+)['"]`).exec(source);
  if (!m) return undefined;
  const dir = fromPath.includes('/') ? fromPath.slice(0, fromPath.lastIndexOf('/')) : '';
  const parts = [...(dir ? dir.split('/') : []), ...m[1]!.split('/')];
  const out: string[] = [];
  for (const p of parts) {
    if (p === '.' || !p) continue;
    if (p === '..') out.pop();
    else out.push(p);
  }
  const base = out.join('/').replace(/\.(?:js|mjs|cjs)$/, '');
  return ['', '.ts', '.tsx', '.js', '.mjs', '.cjs', '/index.ts', '/index.js']
    .map((ext) => base + ext)
    .find(has);
}
