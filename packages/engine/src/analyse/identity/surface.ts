// The product's entry points (package entry, main(), bin targets, app factory, application class)
// and its public API (exports and their methods, Python package exports and console scripts, Go
// exported identifiers, Rust pub items and CLI flags, HTTP routes of applications).

import { baseName, dirName, LineIndex, matchesWithLines, type Sources } from '../sources.ts';
import type { Identity, Route, SymbolInfo } from '../types.ts';
import type { ManifestFacts } from './manifest-facts.ts';
import { SCAN_CHARS } from './rank.ts';

type EntryPoint = Identity['entryPoints'][number];
type ApiItem = Identity['publicApi'][number];

const JS_EXT = [
  '',
  '.js',
  '.mjs',
  '.cjs',
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '/index.js',
  '/index.ts',
  '/index.mjs',
];
const norm = (p: string) => p.replace(/^\.\//, '');
// a script file: JS/TS, or an extension-less bin script
const SCRIPT = /\.[cm]?[jt]sx?$|(^|\/)[^./]+$/;

function lineMatching(text: string | null, re: RegExp): number {
  if (!text) return 1;
  const m = re.exec(text);
  return m ? new LineIndex(text).lineOf(m.index) : 1;
}

/** package.json targets → repository files: `./lib/x.js`, a `dist/` build's `src/` source, TS for JS. */
function resolveJs(src: Sources, target: string): string | undefined {
  const t = norm(target);
  const fromBuild = t.replace(/^(dist|build|out|lib)\//, 'src/');
  const bases = [t, fromBuild, t.replace(/\.(m|c)?js$/, ''), fromBuild.replace(/\.(m|c)?js$/, '')];
  for (const b of bases) for (const e of JS_EXT) if (src.has(b + e) && SCRIPT.test(b + e)) return b + e;
  return undefined;
}

/** The string targets of an "exports" value, every condition. */
function exportFiles(exp: unknown): string[] {
  if (typeof exp === 'string') return [exp];
  if (Array.isArray(exp)) return exp.flatMap(exportFiles);
  if (exp && typeof exp === 'object')
    return Object.entries(exp as Record<string, unknown>)
      .filter(([k]) => !k.includes('*') && k !== 'types')
      .flatMap(([, v]) => exportFiles(v));
  return [];
}

/** `workspaceDirs`: the product folders of a monorepo that hold their own package.json. */
export function findEntryPoints(
  src: Sources,
  facts: ManifestFacts,
  productFiles: string[],
  symbols: SymbolInfo[],
  workspaceDirs: string[] = [],
): EntryPoint[] {
  const out: EntryPoint[] = [];
  const add = (path: string | undefined, line: number, how: string) => {
    if (path && !out.some((e) => e.path === path)) out.push({ path, line, how });
  };
  const inProduct = new Set(productFiles);
  const npmEntries = (pkg: Record<string, unknown>, dir: string) => {
    const at = (t: string) => resolveJs(src, dir ? `${dir}/${norm(t)}` : t);
    const where = dir ? `${dir}/package.json` : 'package.json';
    const bin =
      typeof pkg.bin === 'string'
        ? { [String(pkg.name)]: pkg.bin }
        : ((pkg.bin ?? {}) as Record<string, unknown>);
    for (const [name, t] of Object.entries(bin))
      if (typeof t === 'string') add(at(t), 1, `bin "${name}" in ${where}`);
    for (const key of ['main', 'module'])
      if (typeof pkg[key] === 'string') add(at(pkg[key]), 1, `${where} "${key}"`);
    for (const t of exportFiles(pkg.exports)) add(at(t), 1, `${where} "exports"`);
  };
  const pkg = facts.npm?.pkg;
  if (pkg) {
    npmEntries(pkg, '');
    // a monorepo is entered through its workspace packages
    for (const d of workspaceDirs) {
      try {
        npmEntries(JSON.parse(src.text(`${d}/package.json`) ?? '{}') as Record<string, unknown>, d);
      } catch {
        // a broken package.json names no entry
      }
    }
    if (!out.length)
      for (const p of ['src/index.ts', 'src/index.js', 'index.js', 'index.ts', 'lib/index.js'])
        if (src.has(p)) add(p, 1, 'package index');
  }
  for (const s of facts.pyScripts) {
    const mod = s.target.split(':')[0]!.replace(/\./g, '/');
    const file = [`${mod}.py`, `src/${mod}.py`, `${mod}/__init__.py`, `src/${mod}/__init__.py`].find((p) =>
      src.has(p),
    );
    const fn = s.target.split(':')[1];
    add(
      file,
      fn && file ? lineMatching(src.text(file), new RegExp(`^(async\\s+)?def\\s+${fn}\\b`, 'm')) : 1,
      `console script "${s.name}"`,
    );
  }
  if (facts.cargo) {
    for (const b of facts.cargo.bins) {
      const p =
        b.path ?? (b.name && src.has(`src/bin/${b.name}.rs`) ? `src/bin/${b.name}.rs` : 'src/main.rs');
      if (src.has(p))
        add(
          p,
          lineMatching(src.text(p), /^[ \t]*(pub\s+)?(async\s+)?fn\s+main\b/m),
          `binary "${b.name ?? 'main'}" (fn main)`,
        );
    }
    // the root crate and every workspace member: binaries by fn main, libraries by their crate root
    for (const dir of ['', ...facts.cargo.members.filter((m) => !m.includes('*'))]) {
      const at = (p: string) => (dir ? `${dir}/${p}` : p);
      if (src.has(at('src/main.rs')))
        add(
          at('src/main.rs'),
          lineMatching(src.text(at('src/main.rs')), /^[ \t]*(async\s+)?fn\s+main\b/m),
          'binary crate (fn main)',
        );
      if (src.has(at('src/lib.rs'))) add(at('src/lib.rs'), 1, 'library crate root');
    }
  }
  // code entry points of any language, in product files only: main functions, application classes, app factories
  for (const p of productFiles) {
    const text = src.text(p);
    if (!text) continue;
    if (/\.(java|kt)$/.test(p)) {
      const boot = /@SpringBootApplication\b/.exec(text);
      if (boot)
        add(
          p,
          new LineIndex(text).lineOf(boot.index),
          'Spring Boot application class (@SpringBootApplication)',
        );
      else if (/\bpublic\s+static\s+void\s+main\s*\(|^\s*fun\s+main\s*\(/m.test(text))
        add(p, lineMatching(text, /\bstatic\s+void\s+main\s*\(|^[ \t]*fun\s+main\s*\(/m), 'main()');
    } else if (p.endsWith('.go') && /^package\s+main\b/m.test(text) && /^func\s+main\s*\(/m.test(text)) {
      add(p, lineMatching(text, /^func\s+main\s*\(/m), 'func main() in package main');
    } else if (p.endsWith('.py')) {
      if (baseName(p) === '__main__.py') add(p, 1, 'python -m entry (__main__.py)');
      else if (/^def\s+create_app\s*\(/m.test(text))
        add(p, lineMatching(text, /^def\s+create_app\s*\(/m), 'application factory create_app()');
      else if (/^\w+\s*=\s*(Flask|FastAPI|Starlette|Sanic)\(/m.test(text))
        add(p, lineMatching(text, /^\w+\s*=\s*(Flask|FastAPI|Starlette|Sanic)\(/m), 'web application object');
      else if (baseName(p) === 'manage.py' || baseName(p) === 'wsgi.py' || baseName(p) === 'asgi.py')
        add(p, 1, `Django ${baseName(p)}`);
      else if (PY_MAIN.test(text)) add(p, lineMatching(text, PY_MAIN), 'script (if __name__ == "__main__")');
    } else if (/\.(c|cc|cpp|cxx)$/.test(p) && C_MAIN.test(text)) {
      add(p, lineMatching(text, C_MAIN), 'main()');
    }
  }
  // a library's own entry: a Python package's __init__.py, a Go package's file named after it
  for (const pk of facts.pyPackages) {
    const init = [`${pk}/__init__.py`, `src/${pk}/__init__.py`].find((p) => src.has(p));
    add(init, 1, `package "${pk}" (__init__.py)`);
  }
  if (!facts.pyPackages.length) {
    for (const p of productFiles)
      if (
        baseName(p) === '__init__.py' &&
        dirName(p)
          .split('/')
          .filter((x) => x !== 'src').length === 1
      )
        add(p, 1, 'package __init__.py');
  }
  if (facts.goModule && !out.length) {
    const rootGo = productFiles.filter((p) => p.endsWith('.go') && !p.includes('/'));
    const pkgName = /^package\s+(\w+)/m.exec(src.text(rootGo[0] ?? '') ?? '')?.[1];
    if (pkgName && src.has(`${pkgName}.go`))
      add(
        `${pkgName}.go`,
        lineMatching(src.text(`${pkgName}.go`), /^package\s/m),
        `package ${pkgName} (root package)`,
      );
    const byExports = new Map<string, number>();
    for (const s of symbols)
      if (s.exported && rootGo.includes(s.path)) byExports.set(s.path, (byExports.get(s.path) ?? 0) + 1);
    const top = [...byExports].sort((a, b) => b[1] - a[1])[0];
    if (top) add(top[0], 1, `root package: most exported identifiers`);
  }
  return out.filter((e) => inProduct.has(e.path) || !productFiles.length);
}

const PY_MAIN = /^if\s+__name__\s*==\s*['"]__main__['"]\s*:/m;
const C_MAIN = /^(int|void)\s+main\s*\(/m;

/** The most API items taken from a bare list of exported symbols. */
const API_CAP = 200;

const JS_KEYWORDS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'constructor',
  'super',
  'require',
  'import',
  'default',
  'else',
  'do',
  'try',
  'with',
  'case',
]);

/** Exports of a JS/TS entry file: ES exports, module.exports members, the exported class's methods, prototype methods. */
export function jsExports(path: string, text: string): ApiItem[] {
  const out: ApiItem[] = [];
  const add = (name: string, kind: string, line: number) => {
    if (name && !name.startsWith('_') && !JS_KEYWORDS.has(name) && !out.some((a) => a.name === name))
      out.push({ name, kind, path, line });
  };
  for (const { m, line } of matchesWithLines(
    text,
    /^export\s+(?:default\s+)?(?:declare\s+)?(?:abstract\s+|async\s+)*(function\*?|class|interface|type|enum|const|let|var)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    add(m[2]!, m[1]!.replace('*', ''), line);
  for (const { m, line } of matchesWithLines(text, /^export\s*\{([^}]*)\}/gm))
    for (const part of m[1]!.split(','))
      add(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
        'export',
        line,
      );
  for (const { m, line } of matchesWithLines(
    text,
    /^module\.exports\s*=\s*(?:class|function)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    add(m[1]!, 'class', line);
  for (const { m, line } of matchesWithLines(text, /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/gm))
    add(m[1]!, 'export', line);
  const obj = /^module\.exports\s*=\s*\{([^}]*)\}/m.exec(text);
  if (obj)
    for (const part of obj[1]!.split(','))
      add(part.trim().split(/\s*:\s*/)[0]!, 'export', new LineIndex(text).lineOf(obj.index));
  // methods: of an exported class, or assigned to a prototype (proto.use = function…)
  const exportsClass =
    /^(module\.exports\s*=|export\s+(default\s+)?)\s*class\b/m.test(text) ||
    /^module\.exports\s*=\s*[A-Z]\w*\s*;?$/m.test(text);
  if (exportsClass) {
    for (const { m, line } of matchesWithLines(
      text,
      /^ {2}(?:static\s+|async\s+|get\s+|set\s+|\*)*([A-Za-z_$][\w$]*)\s*\([^)\n]*\)\s*\{/gm,
    ))
      add(m[1]!, 'method', line);
  }
  for (const { m, line } of matchesWithLines(text, /^module\.exports\s*=\s*([A-Za-z_$][\w$]*)\s*;?\s*$/gm))
    if (m[1] !== 'require') add(m[1]!, 'export', line);
  for (const { m, line } of matchesWithLines(
    text,
    /^(?:proto|[A-Z]\w*\.prototype|app)\.([A-Za-z_$][\w$]*)\s*=/gm,
  ))
    add(m[1]!, 'method', line);
  return out;
}

/** `lib/x` joined with `../y` → `y`. */
function joinRel(dir: string, rel: string): string {
  const out = dir ? dir.split('/') : [];
  for (const part of rel.split('/')) {
    if (part === '..') out.pop();
    else if (part && part !== '.') out.push(part);
  }
  return out.join('/');
}

/** A JS entry's API, following `module.exports = require('./x')` and `export * from './x'` two hops. */
function jsApi(src: Sources, path: string, depth = 0): ApiItem[] {
  const text = src.text(path)?.slice(0, SCAN_CHARS);
  if (!text) return [];
  const own = jsExports(path, text);
  if (depth >= 2) return own;
  for (const m of text.matchAll(
    /^module\.exports\s*=\s*require\(\s*['"](\.[^'"]+)['"]\s*\)|^export\s+\*\s+from\s+['"](\.[^'"]+)['"]/gm,
  )) {
    const target = resolveJs(src, joinRel(dirName(path), m[1] ?? m[2]!));
    if (target && target !== path) own.push(...jsApi(src, target, depth + 1));
  }
  return own;
}

/** A Python package's exports: __all__, or the public names it imports and defines. */
export function pyExports(path: string, text: string): ApiItem[] {
  const out: ApiItem[] = [];
  const add = (name: string, kind: string, line: number) => {
    if (name && !name.startsWith('_') && name !== 'annotations' && !out.some((a) => a.name === name))
      out.push({ name, kind, path, line });
  };
  const all = /^__all__\s*=\s*[[(]([\s\S]*?)[\])]/m.exec(text);
  if (all) {
    const index = new LineIndex(text);
    for (const m of all[1]!.matchAll(/["'](\w+)["']/g))
      add(m[1]!, 'export', index.lineOf(all.index + m.index!));
    return out;
  }
  for (const { m, line } of matchesWithLines(text, /^from\s+\.[\w.]*\s+import\s+(\([^)]*\)|[^\n]+)/gm)) {
    for (const part of m[1]!.replace(/[()]/g, '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (/^\w+$/.test(name)) add(name, /^[A-Z]/.test(name) ? 'class' : 'function', line);
    }
  }
  for (const { m, line } of matchesWithLines(text, /^(def|class)\s+([A-Za-z]\w*)/gm))
    add(m[2]!, m[1] === 'class' ? 'class' : 'function', line);
  return out;
}

/** `pub` items of a crate root (`pub(crate)` is not public); `pub use a::{b, c}` re-exports count too. */
export function rustPubItems(path: string, text: string): ApiItem[] {
  const out: ApiItem[] = [];
  for (const { m, line } of matchesWithLines(
    text,
    /^pub\s+(?:async\s+|const\s+|unsafe\s+)*(fn|struct|enum|trait|mod|type|const|static|macro)\s+([A-Za-z_]\w*)/gm,
  ))
    out.push({ name: m[2]!, kind: m[1]!, path, line });
  for (const { m, line } of matchesWithLines(text, /^pub\s+use\s+([^;]+);/gm)) {
    const names = m[1]!.includes('{')
      ? m[1]!
          .slice(m[1]!.indexOf('{') + 1)
          .replace('}', '')
          .split(',')
      : [m[1]!.split('::').pop()!];
    for (const n of names) {
      const name = n
        .trim()
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (/^\w+$/.test(name) && name !== 'self') out.push({ name, kind: 'use', path, line });
    }
  }
  return out;
}

const kebab = (s: string) => s.replace(/_/g, '-');

/** A Rust CLI's flags: clap derive fields (`#[arg(long…)]`) and builder calls (`Arg::new(..).long(..)`). */
export function rustCliFlags(path: string, text: string): ApiItem[] {
  const out: ApiItem[] = [];
  const add = (name: string, line: number) => {
    if (!out.some((a) => a.name === name)) out.push({ name, kind: 'flag', path, line });
  };
  for (const { m, line } of matchesWithLines(
    text,
    /#\[(?:arg|clap)\(([^\]]*?)\)\]\s*(?:(?:\/\/\/[^\n]*|#\[[^\]]*\])\s*)*(?:pub(?:\([^)]*\))?\s+)?(r#)?([a-z_][a-z0-9_]*)\s*:/g,
  )) {
    const attrs = m[1]!;
    if (!/\blong\b/.test(attrs)) continue;
    const explicit = /\blong\s*=\s*"([^"]+)"/.exec(attrs)?.[1];
    add(`--${explicit ?? kebab(m[3]!)}`, line);
  }
  for (const { m, line } of matchesWithLines(text, /\.long\(\s*"([^"]+)"\s*\)/g)) add(`--${m[1]!}`, line);
  for (const { m, line } of matchesWithLines(
    text,
    /#\[derive\([^)]*\bSubcommand\b[^)]*\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub\s+)?enum\s+\w+\s*\{([^}]*)\}/g,
  )) {
    for (const v of m[1]!.matchAll(/^\s*([A-Z]\w*)\s*[,({]/gm))
      out.push({
        name: v[1]!.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase(),
        kind: 'subcommand',
        path,
        line,
      });
  }
  return out;
}

export function findPublicApi(args: {
  src: Sources;
  facts: ManifestFacts;
  entryPoints: EntryPoint[];
  productFiles: string[];
  symbols: SymbolInfo[];
  routes: Route[];
  application: boolean;
}): ApiItem[] {
  const { src, facts, entryPoints, productFiles, symbols, routes } = args;
  const out: ApiItem[] = [];
  const push = (items: ApiItem[]) => {
    for (const a of items) if (!out.some((o) => o.name === a.name && o.kind === a.kind)) out.push(a);
  };
  const product = new Set(productFiles);
  for (const e of entryPoints) {
    const text = src.text(e.path);
    if (!text) continue;
    if (/\.[cm]?[jt]sx?$/.test(e.path)) push(jsApi(src, e.path));
    else if (baseName(e.path) === '__init__.py') push(pyExports(e.path, text));
    else if (e.path.endsWith('lib.rs')) push(rustPubItems(e.path, text));
  }
  for (const s of facts.pyScripts)
    push([{ name: s.name, kind: 'command', path: 'pyproject.toml', line: s.line }]);
  const pkg = facts.npm?.pkg;
  if (pkg && pkg.bin && typeof pkg.bin === 'object')
    for (const name of Object.keys(pkg.bin))
      push([{ name, kind: 'command', path: facts.npm!.path, line: 1 }]);
  // Go: the exported identifiers of the module's root package (or of every product package)
  if (facts.goModule) {
    const rootGo = productFiles.filter((p) => p.endsWith('.go') && !p.includes('/'));
    const scope = new Set(
      rootGo.length ? rootGo : productFiles.filter((p) => p.endsWith('.go') && !/(^|\/)internal\//.test(p)),
    );
    push(
      symbols
        .filter((s) => scope.has(s.path) && s.exported)
        .map((s) => ({ name: s.name, kind: s.kind, path: s.path, line: s.line })),
    );
  }
  // Rust CLIs: the flags and subcommands of the binary
  if (facts.cargo?.bins.length || src.has('src/main.rs')) {
    for (const p of productFiles) {
      if (!p.endsWith('.rs')) continue;
      const text = src.text(p);
      if (text && /\bclap\b|#\[(arg|clap|command)\(|Arg::new/.test(text)) push(rustCliFlags(p, text));
    }
  }
  // applications: their HTTP routes are what callers use
  if (args.application || !out.length) {
    push(
      routes
        .filter((r) => product.has(r.file))
        .map((r) => ({ name: r.path, kind: `route ${r.method}`, path: r.file, line: r.line })),
    );
  }
  // a JVM library: its public types (internal packages left out)
  if (!out.length && productFiles.some((p) => /\.(java|kt|scala)$/.test(p))) {
    const jvm = symbols.filter(
      (s) =>
        s.exported &&
        /\.(java|kt|scala)$/.test(s.path) &&
        product.has(s.path) &&
        !/(^|\/)(internal|impl)\//.test(s.path) &&
        s.kind !== 'method',
    );
    push(jvm.slice(0, API_CAP).map((s) => ({ name: s.name, kind: s.kind, path: s.path, line: s.line })));
  }
  // any other language: what the entry files declare as exported
  if (!out.length) {
    const entries = new Set(entryPoints.map((e) => e.path));
    push(
      symbols
        .filter((s) => s.exported && entries.has(s.path))
        .slice(0, API_CAP)
        .map((s) => ({ name: s.name, kind: s.kind, path: s.path, line: s.line })),
    );
  }
  return out;
}
