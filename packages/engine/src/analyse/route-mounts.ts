// Router mount prefixes: follows `app.use('/api/books', booksRouter)`, Koa `new Router({prefix})`,
// Fastify `register(plugin, {prefix})`, Hono `app.route('/x', sub)`, Flask blueprints, FastAPI
// `include_router` and Django `include()` through the import graph, so a route declared on a
// router in one file is reported with the full path it answers on.

import { resolveImport, type ResolveContext } from './module-graph.ts';
import type { ImportInfo, Route } from './types.ts';

/** A route as an extractor found it: `receiver` is the variable it was declared on. */
export interface RawRoute extends Route {
  receiver?: string;
}

interface Mount {
  parent: string; // node key `file#local`
  child: string;
  prefix: string;
  /** Flask's register_blueprint(url_prefix=) replaces the blueprint's own url_prefix. */
  replacesOwn?: boolean;
}

/** What a file says about its routers: own prefixes, mounts, imports and exports. */
interface FileFacts {
  ownPrefix: Map<string, string>;
  /** `prefix` is the expression as written: a literal, a constant, a template or a `+` of those. */
  mounts: { parent: string; childExpr: string; prefix: string; replacesOwn?: boolean }[];
  /** String constants as written (quotes kept): `const AUTH_PREFIX = '/auth/v1'`, `API_PREFIX = "/api"`. */
  consts: Map<string, string>;
  /** Specifiers of `export * from '…'`, followed when a constant is not declared in the file itself. */
  reexportAll: string[];
  /** local name → where it comes from; name '*' means the module itself. */
  imported: Map<string, { specifier: string; name: string }>;
  /** exported name → local name ('default' for default / module.exports). */
  exported: Map<string, string>;
  /** local function name → its first parameter (a Fastify plugin's instance). */
  firstParam: Map<string, string>;
  python: boolean;
}

const STR = String.raw`(['"\`])((?:(?!\1)[^\\\n$]|\\.)*)\1`;

/** Splits the argument list that opens at `open` (index of '(') into top-level arguments. */
export function splitArgs(text: string, open: number, limit = 4000): { args: string[]; end: number } | null {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  const stop = Math.min(text.length, open + limit);
  for (let i = open; i < stop; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < stop && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        const last = text.slice(start, i).trim();
        if (last || args.length) args.push(last);
        return { args, end: i };
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return null;
}

function stringLiteral(arg: string | undefined): string | null {
  const m = arg ? new RegExp(`^${STR}$`).exec(arg.trim().replace(/^r(?=['"])/, '')) : null;
  return m ? m[2]! : null;
}

function optionString(arg: string | undefined, key: string): string | null {
  if (!arg) return null;
  const m = new RegExp(`\\b${key}\\s*[:=]\\s*${STR}`).exec(arg);
  return m ? m[2]! : null;
}

/**
 * The expression an option is set to, as written (`prefix: AUTH_PREFIX`, `prefix: \`${BASE}/v1\``,
 * shorthand `{ prefix }`), for resolution against the file's constants later; null when absent.
 */
function optionExpr(arg: string | undefined, key: string): string | null {
  if (!arg) return null;
  const literal = optionString(arg, key);
  if (literal !== null) return JSON.stringify(literal);
  const m = new RegExp(
    `\\b${key}\\s*[:=]\\s*(\`[^\`]*\`|[\\w$.]+(?:\\s*\\+\\s*(?:[\\w$.]+|'[^'\\n]*'|"[^"\\n]*"|\`[^\`]*\`))*)`,
  ).exec(arg);
  if (m) return m[1]!;
  return new RegExp(`[{,]\\s*${key}\\s*(?=[,}])`).test(arg) ? key : null;
}

/** A literal string argument, or the expression itself when it could name a constant. */
function stringOrExpr(arg: string | undefined): string | null {
  const lit = stringLiteral(arg);
  if (lit !== null) return JSON.stringify(lit);
  const a = arg?.trim() ?? '';
  return /^`[^`]*`$/.test(a) || /^[A-Z_$][A-Z0-9_$]*(\.[\w$]+)?$/.test(a) || /^[\w$.]+\s*\+/.test(a)
    ? a
    : null;
}

/** String constants of a JS/TS or Python file, as written (quotes kept, templates unevaluated). */
function constsOf(text: string, python: boolean): Map<string, string> {
  const out = new Map<string, string>();
  const re = python
    ? /^([A-Za-z_]\w*)\s*(?::\s*str\s*)?=\s*r?((['"])[^'"\\\n]*\3)\s*(?:#.*)?$/gm
    : /^[ \t]*(?:export\s+)?const\s+([\w$]+)\s*(?::\s*string\s*)?=\s*('[^'\\\n]*'|"[^"\\\n]*"|`[^`\\]*`)\s*(?:as\s+const\s*)?;?/gm;
  for (const m of text.matchAll(re)) if (!out.has(m[1]!)) out.set(m[1]!, m[2]!);
  // a settings class's string fields (`API_V1_STR: str = "/api/v1"`), read through its instance
  if (python)
    for (const m of text.matchAll(
      /^[ \t]+([A-Za-z_]\w*)[ \t]*(?::[ \t]*str[ \t]*)?=[ \t]*r?((['"])[^'"\\\n]*\3)[ \t]*(?:#.*)?$/gm,
    ))
      if (!out.has(`.${m[1]}`)) out.set(`.${m[1]}`, m[2]!);
  return out;
}

function jsFacts(text: string): FileFacts {
  const f: FileFacts = {
    ownPrefix: new Map(),
    mounts: [],
    imported: new Map(),
    exported: new Map(),
    firstParam: new Map(),
    python: false,
    consts: constsOf(text, false),
    reexportAll: [],
  };
  for (const m of text.matchAll(/^[ \t]*export\s*\*\s*from\s*['"]([^'"]+)['"]/gm)) f.reexportAll.push(m[1]!);
  for (const m of text.matchAll(/^[ \t]*export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/gm)) {
    for (const part of m[1]!.split(',')) {
      const p = /^\s*(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
      if (p) f.imported.set(p[2] ?? p[1]!, { specifier: m[2]!, name: p[1]! });
    }
  }
  for (const m of text.matchAll(
    /\b(?:const|let|var)\s+([\w$]+)\s*=\s*new\s+(?:Koa)?Router\s*\(\s*(\{[^}]*\})/g,
  )) {
    const p = optionExpr(m[2], 'prefix');
    if (p !== null) f.ownPrefix.set(m[1]!, p);
  }
  for (const m of text.matchAll(/\b([\w$]+)\.prefix\(\s*(['"])([^'"]*)\2\s*\)/g))
    f.ownPrefix.set(m[1]!, JSON.stringify(m[3]!));
  for (const m of text.matchAll(/\.\s*(use|register|route)\s*\(/g)) {
    const parent = receiverBefore(text, m.index);
    if (!parent) continue;
    const call = splitArgs(text, m.index + m[0].length - 1);
    if (!call || !call.args.length) continue;
    const verb = m[1]!;
    if (verb === 'use') {
      const prefix =
        call.args.length > 1
          ? stringOrExpr(call.args[0])
          : stringLiteral(call.args[0]) === null
            ? null
            : JSON.stringify(stringLiteral(call.args[0]));
      for (const a of prefix === null ? call.args : call.args.slice(1))
        f.mounts.push({ parent, childExpr: a, prefix: prefix ?? '' });
    } else if (verb === 'register') {
      f.mounts.push({ parent, childExpr: call.args[0]!, prefix: optionExpr(call.args[1], 'prefix') ?? '' });
    } else if (call.args.length === 2) {
      // Hono: app.route('/books', books); Express's one-argument route('/x') is a route, not a mount
      const prefix = stringOrExpr(call.args[0]);
      if (prefix !== null) f.mounts.push({ parent, childExpr: call.args[1]!, prefix });
    }
  }
  for (const m of text.matchAll(/^[ \t]*import\b([^'";]*)\bfrom[ \t]*['"]([^'"\n]+)['"]/gm)) {
    const clause = m[1]!.trim().replace(/^type\s+/, '');
    if (!clause) continue;
    const spec = m[2]!;
    const def = /^([\w$]+)\s*(?:,|$)/.exec(clause);
    if (def) f.imported.set(def[1]!, { specifier: spec, name: 'default' });
    const ns = /\*\s*as\s+([\w$]+)/.exec(clause);
    if (ns) f.imported.set(ns[1]!, { specifier: spec, name: '*' });
    const named = /\{([^{}]*)\}/.exec(clause);
    for (const part of named?.[1]!.split(',') ?? []) {
      const p = /^\s*(?:type\s+)?([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
      if (p) f.imported.set(p[2] ?? p[1]!, { specifier: spec, name: p[1]! });
    }
  }
  for (const m of text.matchAll(
    /\b(?:const|let|var)\s+([\w$]+|\{[^}]*\})\s*=\s*require\(\s*['"]([^'"]+)['"]\s*\)(\.[\w$]+)?(?!\s*[.(\w$])/g,
  )) {
    if (m[1]!.startsWith('{')) {
      for (const part of m[1]!.slice(1, -1).split(',')) {
        const p = /^\s*([\w$]+)(?:\s*:\s*([\w$]+))?\s*$/.exec(part);
        if (p) f.imported.set(p[2] ?? p[1]!, { specifier: m[2]!, name: p[1]! });
      }
    } else f.imported.set(m[1]!, { specifier: m[2]!, name: m[3] ? m[3].slice(1) : 'default' });
  }
  for (const m of text.matchAll(
    /^[ \t]*export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/gm,
  ))
    f.exported.set(m[1]!, m[1]!);
  for (const m of text.matchAll(
    /^[ \t]*export\s+default\s+(?:async\s+)?(?:function\*?\s*(?:([\w$]+)\s*)?\(\s*([\w$]+)?|([\w$]+)[ \t]*(?:;[ \t]*)?$)/gm,
  )) {
    if (m[3]) f.exported.set('default', m[3]);
    else {
      const local = m[1] || '__default';
      f.exported.set('default', local);
      if (m[2]) f.firstParam.set(local, m[2]);
    }
  }
  for (const m of text.matchAll(/^[ \t]*export\s*\{([^}]*)\}/gm)) {
    for (const part of m[1]!.split(',')) {
      const p = /^\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(part);
      if (p) f.exported.set(p[2] ?? p[1]!, p[1]!);
    }
  }
  for (const m of text.matchAll(/\bmodule\.exports\s*=\s*([\w$]+)[ \t]*(?:;[ \t]*)?$/gm))
    f.exported.set('default', m[1]!);
  for (const m of text.matchAll(/\b(?:module\.)?exports\.([\w$]+)\s*=\s*([\w$]+)/g))
    f.exported.set(m[1]!, m[2]!);
  for (const m of text.matchAll(/\bfunction\*?\s+([\w$]+)\s*\(\s*([\w$]+)/g)) f.firstParam.set(m[1]!, m[2]!);
  for (const m of text.matchAll(
    /\b(?:const|let|var)\s+([\w$]+)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\s*\(\s*([\w$]+)|\(\s*([\w$]+)(?:[^\w$)][^)]*)?\)\s*(?::[^=]+)?=>|([\w$]+)\s*=>)/g,
  )) {
    f.firstParam.set(m[1]!, m[2] ?? m[3] ?? m[4]!);
  }
  return f;
}

function pyFacts(text: string, path: string): FileFacts {
  const f: FileFacts = {
    ownPrefix: new Map(),
    mounts: [],
    imported: new Map(),
    exported: new Map(),
    firstParam: new Map(),
    python: true,
    consts: constsOf(text, true),
    reexportAll: [],
  };
  for (const m of text.matchAll(/^(\w+)\s*=\s*(?:\w+\.)?(Blueprint|APIRouter)\s*\(/gm)) {
    const call = splitArgs(text, m.index + m[0].length - 1);
    const p = optionExpr(call?.args.join(','), m[2] === 'Blueprint' ? 'url_prefix' : 'prefix');
    if (p !== null) f.ownPrefix.set(m[1]!, p);
  }
  for (const m of text.matchAll(/\b(\w+)\.(register_blueprint|include_router)\s*\(/g)) {
    const call = splitArgs(text, m.index + m[0].length - 1);
    if (!call?.args.length) continue;
    const blueprint = m[2] === 'register_blueprint';
    const prefix = optionExpr(call.args.slice(1).join(','), blueprint ? 'url_prefix' : 'prefix');
    f.mounts.push({
      parent: m[1]!,
      childExpr: call.args[0]!,
      prefix: prefix ?? '',
      replacesOwn: blueprint && prefix !== null,
    });
  }
  for (const m of text.matchAll(/^[ \t]*from\s+([\w.]+)\s+import\s+(\([^)]*\)|[^\n#]+)/gm)) {
    for (const part of m[2]!.replace(/[()]/g, '').split(',')) {
      const p = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part);
      if (p) f.imported.set(p[2] ?? p[1]!, { specifier: m[1]!, name: p[1]! });
    }
  }
  for (const m of text.matchAll(/^[ \t]*import\s+([\w.]+)(?:\s+as\s+(\w+))?/gm))
    f.imported.set(m[2] ?? m[1]!, { specifier: m[1]!, name: '*' });
  // Django: path('api/', include('books.urls')) mounts that module's urlpatterns, include(api_urls) a list
  if (/(^|\/)urls\.py$/.test(path)) {
    const listAt = enclosingLists(text);
    for (const m of text.matchAll(/\b(?:path|re_path|url)\s*\(/g)) {
      const call = splitArgs(text, m.index + m[0].length - 1);
      const inc = call?.args[1] && /^include\s*\(/.exec(call.args[1]);
      if (!call || !inc) continue;
      const target = splitArgs(call.args[1]!, inc[0].length - 1)?.args[0]?.replace(/^\(\s*/, '');
      const childExpr = djangoInclude(target?.split(',')[0]?.trim() ?? '');
      // a regex prefix (re_path, url) is anchored with ^, which is no part of the path
      const prefix = pythonStringExpr(call.args[0] ?? '')?.replace(/^(["`])\^/, '$1') ?? null;
      if (childExpr && prefix !== null) f.mounts.push({ parent: listAt(m.index), childExpr, prefix });
    }
  }
  return f;
}

/** What include() names: a module by its dotted path, or a urlpatterns list or module held in a variable. */
function djangoInclude(arg: string): string | null {
  const mod = stringLiteral(arg);
  if (mod !== null) return /^[\w.]+$/.test(mod) ? `module:${mod}` : null;
  return /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)?$/.test(arg) ? `include:${arg}` : null;
}

/**
 * A Python path argument as a prefix expression: a literal, a constant, or an f-string whose
 * `{name}` parts are constants (written as a template for evalString); null for anything else.
 */
export function pythonStringExpr(arg: string): string | null {
  const a = arg.trim();
  const f = /^[rR]?[fF][rR]?(['"])([^'"\\{}\n]*(?:\{[A-Za-z_]\w*\}[^'"\\{}\n]*)*)\1$/.exec(a);
  if (f) return '`' + f[2]!.replace(/\{(\w+)\}/g, '${$1}') + '`';
  const lit = stringLiteral(a);
  if (lit !== null) return JSON.stringify(lit);
  return /^[A-Za-z_]\w*$/.test(a) ? a : null;
}

/** For a urls module: the list a path() at an index sits in, the last `name = [` / `name += [` above it (urlpatterns by default). */
export function enclosingLists(text: string): (index: number) => string {
  const starts = [...text.matchAll(/^([A-Za-z_]\w*)\s*(?::[^=\n]*)?\+?=\s*[[(]/gm)].map((m) => ({
    at: m.index,
    name: m[1]!,
  }));
  return (index) => starts.findLast((s) => s.at < index)?.name ?? 'urlpatterns';
}

/** Joins a mount prefix and a path the way routers do: '/api' + '/' → '/api', 'api/' + 'x/' → 'api/x/'. */
export function joinRoutePath(prefix: string, path: string): string {
  if (!prefix) return path;
  if (!path) return prefix;
  if (path === '/') return prefix.length > 1 ? prefix.replace(/\/$/, '') : prefix;
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === '/') end--;
  return `${prefix.slice(0, end)}/${path.replace(/^\/+/, '')}`;
}

/**
 * Rewrites each route's path to include every prefix it is mounted under. A router mounted twice
 * gives one route per mount; routes whose router is never mounted keep the path they declare.
 */
export function applyMounts(
  routes: RawRoute[],
  textOf: (path: string) => string | null,
  mountFiles: string[],
  imports: ImportInfo[],
  ctx?: ResolveContext,
): Route[] {
  if (!routes.some((r) => r.receiver || r.path.includes('${')))
    return routes.map(({ receiver: _r, ...route }) => route);
  // facts are read lazily: only files that mount something and the files their imports reach
  const cache = new Map<string, FileFacts | null>();
  const facts = {
    get(path: string): FileFacts | undefined {
      if (!cache.has(path)) {
        const text = /\.(py|[cm]?[jt]sx?)$/.test(path) ? textOf(path) : null;
        cache.set(path, text == null ? null : path.endsWith('.py') ? pyFacts(text, path) : jsFacts(text));
      }
      return cache.get(path) ?? undefined;
    },
    has(path: string): boolean {
      return this.get(path) !== undefined;
    },
  };

  const resolvedBy = new Map<string, string>();
  // the statement's own import comes first; a submodule it names (`from . import views`) is found below
  for (const i of imports)
    if (i.resolved && !resolvedBy.has(`${i.from}\u0000${i.specifier}`))
      resolvedBy.set(`${i.from}\u0000${i.specifier}`, i.resolved);
  const resolve = (from: string, specifier: string): string | undefined =>
    resolvedBy.get(`${from}\u0000${specifier}`) ??
    (ctx ? resolveImport({ from, specifier, line: 0 }, ctx) : undefined);

  /** The value of a string constant visible in `file`: declared there, imported, or re-exported. */
  const constValue = (file: string, name: string, depth = 0): string | undefined => {
    const f = facts.get(file);
    if (!f || depth > 6) return undefined;
    const own = f.consts.get(name);
    if (own !== undefined) return depth > 5 ? undefined : (evalString(file, own, depth + 1) ?? undefined);
    const imp = f.imported.get(name);
    if (imp && imp.name !== '*' && imp.name !== 'default') {
      const target = resolve(file, imp.specifier);
      return target ? constValue(target, imp.name, depth + 1) : undefined;
    }
    for (const spec of f.reexportAll) {
      const target = resolve(file, spec);
      const v = target ? constValue(target, name, depth + 1) : undefined;
      if (v !== undefined) return v;
    }
    return undefined;
  };
  /** Evaluates a prefix or path expression: literals, constants, templates and `+` of those. */
  const evalString = (file: string, expr: string, depth = 0): string | null => {
    const e = expr.trim();
    if (!e) return '';
    if (/^"(?:[^"\\]|\\.)*"$/.test(e)) return JSON.parse(e) as string;
    if (/^'[^'\n]*'$/.test(e)) return e.slice(1, -1);
    if (/^`[^`]*`$/.test(e)) return substitute(file, e.slice(1, -1), depth);
    if (/^[\w$]+$/.test(e)) return constValue(file, e, depth) ?? null;
    const ns = /^([\w$]+)\.([\w$]+)$/.exec(e);
    if (ns) {
      const imp = facts.get(file)?.imported.get(ns[1]!);
      const target = imp?.name === '*' ? resolve(file, imp.specifier) : undefined;
      if (target) return constValue(target, ns[2]!, depth + 1) ?? null;
      // an attribute of an object a module makes (`settings.API_V1_STR` of `settings = Settings()`)
      const home = imp && imp.name !== 'default' ? resolve(file, imp.specifier) : undefined;
      const field = home ? facts.get(home)?.consts.get(`.${ns[2]}`) : undefined;
      return field !== undefined ? evalString(home!, field, depth + 1) : null;
    }
    if (e.includes('+')) {
      const parts = e.split('+').map((x) => evalString(file, x, depth));
      return parts.every((x) => x !== null) ? parts.join('') : null;
    }
    return null;
  };
  /** `${NAME}` placeholders in a template replaced by constant values; null if any is unknown. */
  const substitute = (file: string, template: string, depth = 0): string | null => {
    let ok = true;
    const out = template.replace(/\$\{\s*([\w$.]+)\s*\}/g, (_, name: string) => {
      const v = evalString(file, name, depth);
      if (v === null) ok = false;
      return v ?? '';
    });
    return ok && !out.includes('${') ? out : null;
  };

  /** The node a local name stands for: a router variable or a plugin function's instance. */
  const nodeOf = (file: string, local: string, depth = 0): string | undefined => {
    const f = facts.get(file);
    if (!f || depth > 8) return undefined;
    const imp = f.imported.get(local);
    if (imp) {
      if (imp.name === '*') return undefined; // a namespace, used as ns.member
      return exportedNode(file, imp.specifier, imp.name, depth);
    }
    const param = f.firstParam.get(local);
    return `${file}#${param ?? local}`;
  };
  const exportedNode = (from: string, specifier: string, name: string, depth: number): string | undefined => {
    const py = facts.get(from)?.python;
    const target = resolve(from, specifier);
    // Python: `from .routes import books` imports the submodule routes/books.py
    // (its import may already resolve to that file, or to the package)
    if (py && ctx) {
      const sub = resolveImport(
        { from, specifier: specifier.endsWith('.') ? specifier + name : `${specifier}.${name}`, line: 0 },
        ctx,
      );
      if (sub && facts.has(sub)) return `${sub}#*module`;
    }
    if (!target || !facts.has(target)) return undefined;
    const tf = facts.get(target)!;
    if (tf.python) return nodeOf(target, name, depth + 1);
    const local = tf.exported.get(name) ?? (name === 'default' ? undefined : name);
    if (!local) return undefined;
    if (tf.imported.has(local)) return nodeOf(target, local, depth + 1); // re-export
    return `${target}#${tf.firstParam.get(local) ?? local}`;
  };
  /** The node an argument expression names, if it names a router at all. */
  const childNode = (file: string, expr: string): string | undefined => {
    const e = expr.trim();
    let m = /^module:([\w.]+)$/.exec(e);
    if (m && ctx) {
      const target =
        ctx.pyModules.get(m[1]!) ?? resolveImport({ from: file, specifier: m[1]!, line: 0 }, ctx);
      return target ? `${target}#urlpatterns` : undefined;
    }
    m = /^include:([\w.]+)$/.exec(e);
    if (m) return djangoIncluded(file, m[1]!);
    m = /^(?:await\s+)?(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)(?:\.([\w$]+))?$/.exec(e);
    if (m) return exportedNode(file, m[1]!, m[2] ?? 'default', 0);
    // Koa: router.routes(); Express: a router held on an object (x.router)
    m = /^([\w$]+)(?:\.([\w$]+))?(?:\.(?:routes|middleware)\(\s*\))?$/.exec(e);
    if (!m) return undefined;
    if (m[2] && m[2] !== 'routes' && m[2] !== 'middleware') {
      const imp = facts.get(file)?.imported.get(m[1]!);
      if (imp?.name === '*') return exportedNode(file, imp.specifier, m[2], 0);
      if (imp && facts.get(file)?.python) {
        const modNode = exportedNode(file, imp.specifier, imp.name, 0);
        if (modNode?.endsWith('#*module')) return modNode.replace('#*module', `#${m[2]}`);
      }
      return undefined;
    }
    const node = nodeOf(file, m[1]!);
    return node?.endsWith('#*module') ? undefined : node;
  };

  /** The urlpatterns of a Python module named by its dotted path. */
  const urlconf = (file: string, dotted: string): string | undefined => {
    const target =
      ctx && (ctx.pyModules.get(dotted) ?? resolveImport({ from: file, specifier: dotted, line: 0 }, ctx));
    return target ? `${target}#urlpatterns` : undefined;
  };
  /** include(x): a list x of the same file, or a urls module (or a list in one) imported as x. */
  const djangoIncluded = (file: string, expr: string): string | undefined => {
    const f = facts.get(file);
    const whole = f?.imported.get(expr); // import shop.urls … include(shop.urls)
    if (whole?.name === '*') return urlconf(file, whole.specifier);
    const [head, member] = expr.split('.') as [string, string | undefined];
    const imp = f?.imported.get(head);
    if (!imp) return member ? undefined : `${file}#${expr}`;
    if (imp.name === '*') return urlconf(file, member ? `${imp.specifier}.${member}` : imp.specifier);
    const node = exportedNode(file, imp.specifier, imp.name, 0);
    if (node?.endsWith('#*module')) return node.replace(/\*module$/, member ?? 'urlpatterns');
    return member ? undefined : node;
  };

  const parents = new Map<string, Mount[]>();
  const ownPrefix = new Map<string, string>();
  for (const file of new Set([...mountFiles, ...routes.map((r) => r.file)])) {
    const f = facts.get(file);
    if (!f) continue;
    for (const [local, p] of f.ownPrefix) ownPrefix.set(`${file}#${local}`, evalString(file, p) ?? '');
    for (const mt of f.mounts) {
      const child = childNode(file, mt.childExpr);
      const parent = nodeOf(file, mt.parent) ?? `${file}#${mt.parent}`;
      if (!child || child === parent) continue;
      const list = parents.get(child) ?? [];
      list.push({ parent, child, prefix: evalString(file, mt.prefix) ?? '', replacesOwn: mt.replacesOwn });
      parents.set(child, list);
    }
  }

  /** Every full prefix a node answers under (its own prefix included), at most a few. */
  const memo = new Map<string, string[]>();
  const prefixesOf = (node: string, seen: Set<string>): string[] => {
    const hit = memo.get(node);
    if (hit) return hit;
    const own = ownPrefix.get(node) ?? '';
    const ups = (parents.get(node) ?? []).filter((p) => !seen.has(p.parent));
    if (!ups.length) return [own];
    const out = new Set<string>();
    const next = new Set(seen).add(node);
    for (const up of ups) {
      for (const base of prefixesOf(up.parent, next)) {
        out.add(joinRoutePath(joinRoutePath(base, up.prefix), up.replacesOwn ? '' : own));
        if (out.size >= 8) break;
      }
    }
    const list = [...out];
    if (seen.size === 0) memo.set(node, list);
    return list;
  };

  const out: Route[] = [];
  for (const r of routes) {
    const { receiver, ...route } = r;
    // a path written as a template of constants: `/templates/${TEMPLATE_FILE}`
    if (route.path.includes('${')) route.path = substitute(r.file, route.path) ?? route.path;
    if (!receiver) {
      out.push(route);
      continue;
    }
    const node = nodeOf(r.file, receiver) ?? `${r.file}#${receiver}`;
    const prefixes = prefixesOf(node, new Set());
    for (const p of prefixes) {
      // Django joins an include's prefix and the included pattern as plain strings
      const path =
        route.framework === 'Django'
          ? `/${p.replace(/^\/+/, '')}${route.path.replace(/^\/+/, '')}`
          : joinRoutePath(p, route.path);
      out.push({ ...route, path });
    }
  }
  return out;
}

/** Index of the `}` closing the `{` at `open` (strings and runes skipped), or the text's end. */
function blockEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === '`' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\' && c !== '`') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return text.length;
}

interface GoScope {
  start: number;
  end: number;
  prefix: string;
}

/** What a Go file says about router prefixes: Route closures, functions, Group variables, Mount calls. */
interface GoFacts {
  closures: GoScope[];
  funcs: { name: string; start: number; end: number }[];
  groups: Map<string, { parent: string; prefix: string }>;
  mounts: { fn: string; prefix: string; at: number }[];
}

function goFacts(text: string): GoFacts {
  const f: GoFacts = { closures: [], funcs: [], groups: new Map(), mounts: [] };
  // chi: r.Route("/articles", func(r chi.Router) { … })
  for (const m of text.matchAll(/\b\w+\.Route\(\s*"([^"\n]*)"\s*,\s*func\s*\([^)]*\)\s*\{/g)) {
    const open = m.index + m[0].length - 1;
    f.closures.push({ start: open, end: blockEnd(text, open), prefix: m[1]! });
  }
  for (const m of text.matchAll(/^func\s+(?:\([^)\n]*\)\s*)?(\w+)\s*\([^)\n]*\)[^{\n]*\{/gm)) {
    const open = m.index + m[0].length - 1;
    f.funcs.push({ name: m[1]!, start: open, end: blockEnd(text, open) });
  }
  // Gin, Echo, Fiber: v1 := r.Group("/v1")
  for (const m of text.matchAll(/\b(\w+)\s*:?=\s*(\w+)\.Group\(\s*"([^"\n]*)"/g))
    f.groups.set(m[1]!, { parent: m[2]!, prefix: m[3]! });
  // chi: r.Mount("/admin", adminRouter()) or a router built by a call beforehand
  const builtBy = new Map<string, string>();
  for (const m of text.matchAll(/\b(\w+)\s*:?=\s*(?:\w+\.)?(\w+)\(/g)) builtBy.set(m[1]!, m[2]!);
  for (const m of text.matchAll(/\b\w+\.Mount\(\s*"([^"\n]*)"\s*,\s*(?:\w+\.)?(\w+)(\s*\()?/g)) {
    const fn = m[3] ? m[2]! : builtBy.get(m[2]!);
    if (fn) f.mounts.push({ fn, prefix: m[1]!, at: m.index });
  }
  return f;
}

/**
 * Full-path resolution for Go routers: a route's path gets the prefixes of the chi Route closures
 * around it, of the Group variable it is declared on, and of the Mount that mounts the function
 * building its router (same package). Returns the prefix for a route at `index` on `receiver`.
 */
export function goPrefixer(files: { path: string; text: string }[]) {
  const facts = new Map(files.map((f) => [f.path, goFacts(f.text)]));
  const dirOf = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));
  // `dir fn` → where that function's router is mounted, in any file of the same package
  const mounts = new Map<string, { file: string; prefix: string; at: number }>();
  for (const [file, f] of facts)
    for (const m of f.mounts) {
      const key = `${dirOf(file)} ${m.fn}`;
      if (!mounts.has(key)) mounts.set(key, { file, prefix: m.prefix, at: m.at });
    }
  const prefixAt = (file: string, index: number, depth: number): string => {
    const f = facts.get(file)!;
    const fn = f.funcs.find((x) => x.start < index && index < x.end);
    const mount = fn && depth < 4 ? mounts.get(`${dirOf(file)} ${fn.name}`) : undefined;
    let prefix = mount ? joinRoutePath(prefixAt(mount.file, mount.at, depth + 1), mount.prefix) : '';
    for (const c of f.closures)
      if (c.start < index && index < c.end) prefix = joinRoutePath(prefix, c.prefix);
    return prefix;
  };
  const groupPrefix = (file: string, receiver: string, depth = 0): string => {
    const g = facts.get(file)!.groups.get(receiver);
    return g && depth < 8 ? joinRoutePath(groupPrefix(file, g.parent, depth + 1), g.prefix) : '';
  };
  return (file: string, index: number, receiver: string): string =>
    facts.has(file) ? joinRoutePath(prefixAt(file, index, 0), groupPrefix(file, receiver)) : '';
}

const isIdent = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isWord = (c: number) => isIdent(c) && c !== 36;

/**
 * The name a call's receiver ends in, before the dot at `dot` and any spaces (`/\b([\w$]+)\s*$/` read
 * backwards): walking back is linear where a pattern led by a name is tried at every word.
 */
export function receiverBefore(text: string, dot: number): string | undefined {
  let end = dot;
  while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  let start = end;
  while (start > 0 && isIdent(text.charCodeAt(start - 1))) start--;
  // the name starts at the first word boundary of the run, as `\b` would have it
  for (let p = start; p < end; p++) {
    const before = p > 0 && isWord(text.charCodeAt(p - 1));
    if (before !== isWord(text.charCodeAt(p))) return text.slice(p, end);
  }
  return undefined;
}
