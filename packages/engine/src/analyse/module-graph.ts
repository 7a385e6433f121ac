// Pass: resolves imports to repository files and folds them into a directory-level dependency
// graph, choosing the directory depth that keeps the graph readable.

import { baseName, dirName, type Sources } from './sources.ts';
import { isNonProductCode } from './test-code.ts';
import type { FileInfo, ImportInfo, Manifest, ModuleGraph } from './types.ts';

// prose and data files are not modules of code: a docs folder is not a component
const NON_CODE = new Set([
  'Markdown',
  'JSON',
  'YAML',
  'Text',
  'TOML',
  'XML',
  'Maven',
  'INI',
  'CSV',
  'SVG',
  'reStructuredText',
  'AsciiDoc',
]);
const JS_EXT = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs', '.mts', '.cts', '.vue', '.svelte'];

function normalise(p: string): string | null {
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
}

export interface ResolveContext {
  has(p: string): boolean;
  /** npm package name → its folder, for workspace packages imported by name. */
  packages: Map<string, string>;
  /** Go module path → folder of its go.mod. */
  goModules: Map<string, string>;
  /** Every Python module path (a.b.c) → file. */
  pyModules: Map<string, string>;
}

function tryJs(ctx: ResolveContext, base: string): string | undefined {
  const candidates = [base, ...JS_EXT.map((e) => base + e), ...JS_EXT.map((e) => `${base}/index${e}`)];
  // TS sources import './x.js' meaning './x.ts'
  const m = /\.(m|c)?jsx?$/.exec(base);
  if (m) for (const e of JS_EXT) candidates.push(base.slice(0, -m[0].length) + e);
  return candidates.find((c) => ctx.has(c));
}

export function resolveImport(imp: ImportInfo, ctx: ResolveContext): string | undefined {
  const s = imp.specifier;
  const from = dirName(imp.from);
  if (/\.(py)$/.test(imp.from)) {
    if (s.startsWith('.')) {
      const dots = /^\.+/.exec(s)![0].length;
      let dir = from;
      for (let i = 1; i < dots; i++) dir = dirName(dir);
      const rest = s.slice(dots).replace(/\./g, '/');
      const base = rest ? (dir ? `${dir}/${rest}` : rest) : dir;
      return [`${base}.py`, `${base}/__init__.py`].find((c) => ctx.has(c));
    }
    return ctx.pyModules.get(s);
  }
  if (/\.go$/.test(imp.from)) {
    for (const [mod, dir] of ctx.goModules) {
      if (s === mod || s.startsWith(mod + '/')) {
        const sub = s.slice(mod.length + 1);
        return [dir, sub].filter(Boolean).join('/') || '.';
      }
    }
    return undefined;
  }
  if (/\.(c|cc|cpp|h|hpp|hh|cxx)$/.test(imp.from)) {
    const p = normalise(`${from}/${s}`);
    return p && ctx.has(p) ? p : undefined;
  }
  if (s.startsWith('.') || s.startsWith('/')) {
    const p = normalise(s.startsWith('/') ? s : `${from}/${s}`);
    return p === null ? undefined : tryJs(ctx, p);
  }
  // workspace package imported by name: '@scope/pkg' or '@scope/pkg/sub'
  const parts = s.split('/');
  const name = s.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  const dir = ctx.packages.get(name);
  if (dir === undefined) return undefined;
  const sub = parts.slice(s.startsWith('@') ? 2 : 1).join('/');
  const root = dir ? `${dir}/` : '';
  if (sub) return tryJs(ctx, `${root}${sub}`) ?? tryJs(ctx, `${root}src/${sub}`) ?? `${root}${sub}`;
  return tryJs(ctx, `${root}src/index`) ?? tryJs(ctx, `${root}index`) ?? (dir || '.');
}

export function buildResolveContext(src: Sources, manifests: Manifest[]): ResolveContext {
  const packages = new Map<string, string>();
  const goModules = new Map<string, string>();
  for (const m of manifests) {
    if (!m.name) continue;
    if (m.ecosystem === 'npm') packages.set(m.name, dirName(m.path));
    if (m.ecosystem === 'go') goModules.set(m.name, dirName(m.path));
  }
  const pyModules = new Map<string, string>();
  for (const f of src.files) {
    if (!f.path.endsWith('.py')) continue;
    const noExt = f.path.slice(0, -3).replace(/\/__init__$/, '');
    const parts = noExt.split('/');
    // register every suffix, so 'app.models' finds 'src/app/models.py'; the shortest path wins
    for (let i = 0; i < parts.length; i++) {
      const key = parts.slice(i).join('.');
      const prev = pyModules.get(key);
      if (!prev || prev.length > f.path.length) pyModules.set(key, f.path);
    }
  }
  return { has: (p) => src.has(p), packages, goModules, pyModules };
}

function moduleOf(path: string, depth: number, isDir = false): string {
  const dir = isDir ? path : dirName(path);
  if (!dir || dir === '.') return '.';
  return dir.split('/').slice(0, depth).join('/');
}

export function moduleGraphPass(
  files: FileInfo[],
  imports: ImportInfo[],
  ctx: ResolveContext,
  maxNodes = 24,
): ModuleGraph {
  for (const imp of imports) {
    const r = resolveImport(imp, ctx);
    if (r !== undefined) imp.resolved = r;
  }
  // the graph is the product's: test, fixture and bench files import test helpers and the code under
  // test, which would show src <-> test cycles and make test folders look like components
  const source = files.filter(
    (f) => f.language && !NON_CODE.has(f.language) && f.code > 0 && !isNonProductCode(f.path),
  );
  const productImports = imports.filter(
    (i) => !isNonProductCode(i.from) && (i.resolved === undefined || !isNonProductCode(i.resolved)),
  );
  const build = (depth: number): ModuleGraph => {
    const nodes = new Map<string, { id: string; files: number; lines: number }>();
    for (const f of source) {
      const id = moduleOf(f.path, depth);
      const n = nodes.get(id) ?? { id, files: 0, lines: 0 };
      n.files++;
      n.lines += f.code;
      nodes.set(id, n);
    }
    const edges = new Map<string, { from: string; to: string; weight: number }>();
    for (const imp of productImports) {
      if (imp.resolved === undefined) continue;
      const isDir = !ctx.has(imp.resolved);
      const from = moduleOf(imp.from, depth);
      const to = moduleOf(imp.resolved, depth, isDir);
      if (from === to || !nodes.has(to)) continue;
      const key = `${from}\u0000${to}`;
      const e = edges.get(key) ?? { from, to, weight: 0 };
      e.weight++;
      edges.set(key, e);
    }
    return {
      nodes: [...nodes.values()].sort((a, b) => b.lines - a.lines),
      edges: [...edges.values()].sort((a, b) => b.weight - a.weight),
    };
  };
  let best = build(1);
  for (let depth = 2; depth <= 6; depth++) {
    const g = build(depth);
    if (g.nodes.length > maxNodes) break;
    best = g;
    if (g.nodes.length === source.length) break;
  }
  return best;
}

export { baseName };
