// Pass: resolves imports to repository files and folds them into a directory-level dependency
// graph, choosing the directory depth that keeps the graph readable.

import { jsonrepair } from 'jsonrepair';
import { trimEndChars } from '@atr/shared';
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
const JVM_FILE = /\.(java|kt|scala)$/;
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
  /** Rust crate name as code writes it (dashes as underscores) → folder of its Cargo.toml. */
  crates?: Map<string, string>;
  /** Every JVM type path (a.b.C, for .java/.kt/.scala files) → file; a package path (a.b) → folder. */
  jvmTypes?: Map<string, string>;
  /**
   * A JVM file kept in another source root of its package (a multi-release jar's
   * `src/main/java11/org/acme/X.java` beside `src/main/java/org/acme/`) → the folder its package lives in.
   */
  jvmPlaces?: Map<string, string>;
  /** Composer's PSR-4 autoload: a namespace prefix (`Slim\\`) → the folder its classes live in. */
  psr4?: [string, string][];
  /** Every C# namespace a file declares (`namespace A.B;`, `namespace A.B {`) → the folder declaring it most. */
  csNamespaces?: Map<string, string>;
  /** The TypeScript path aliases that apply to a file: those of the nearest tsconfig/jsconfig above it. */
  aliasesFor?: (file: string) => PathAliases | undefined;
  /** A file's text, where a resolution depends on how the import is written. */
  text?: (p: string) => string | undefined;
}

/** A tsconfig's `baseUrl` and `paths`, as folders of the repository. */
export interface PathAliases {
  baseUrl?: string;
  /** The folder `paths` targets are relative to when there is no baseUrl: the declaring config's. */
  pathsDir: string;
  paths: [pattern: string, targets: string[]][];
}

const TSCONFIG = /^(tsconfig(\.[\w-]+)?|jsconfig)\.json$/;

/** Reads a tsconfig leniently (comments, trailing commas); null when it is not an object. */
function readConfig(src: Sources, path: string): Record<string, unknown> | null {
  const text = src.text(path);
  if (text == null) return null;
  try {
    const v: unknown = JSON.parse(jsonrepair(text));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The aliases a config declares, merged over those of the configs it extends by relative path. */
function configAliases(src: Sources, path: string, depth = 0): PathAliases | undefined {
  const cfg = readConfig(src, path);
  if (!cfg || depth > 5) return undefined;
  const dir = dirName(path);
  let base: PathAliases | undefined;
  for (const ext of [cfg.extends].flat()) {
    if (typeof ext !== 'string' || !ext.startsWith('.')) continue; // a package's config is not in the tree
    const target = normalise(`${dir}/${ext}`);
    const file = target && [target, `${target}.json`].find((p) => src.has(p));
    base = (file && configAliases(src, file, depth + 1)) || base;
  }
  const opts = (cfg.compilerOptions ?? {}) as Record<string, unknown>;
  const baseUrl =
    typeof opts.baseUrl === 'string' ? (normalise(`${dir}/${opts.baseUrl}`) ?? undefined) : base?.baseUrl;
  const own = opts.paths && typeof opts.paths === 'object' ? (opts.paths as Record<string, unknown>) : null;
  const paths = own
    ? Object.entries(own).map(([k, v]): [string, string[]] => [
        k,
        [v].flat().filter((t) => typeof t === 'string'),
      ])
    : (base?.paths ?? []);
  if (baseUrl === undefined && !paths.length) return undefined;
  return { baseUrl, pathsDir: own ? dir : (base?.pathsDir ?? dir), paths };
}

/** Per folder holding a tsconfig.json (or a tsconfig.*.json / jsconfig.json): the aliases of the first that has any. */
function aliasesByDir(src: Sources): Map<string, PathAliases | undefined> {
  const configs = new Map<string, string[]>();
  for (const f of src.files) {
    if (!TSCONFIG.test(baseName(f.path)) || f.path.includes('node_modules/')) continue;
    const list = configs.get(dirName(f.path)) ?? [];
    list.push(f.path);
    configs.set(dirName(f.path), list);
  }
  const out = new Map<string, PathAliases | undefined>();
  for (const [dir, list] of configs) {
    // tsconfig.json first: it owns the folder; tsconfig.app.json and the like are its references
    list.sort((a, b) => Number(baseName(b) === 'tsconfig.json') - Number(baseName(a) === 'tsconfig.json'));
    out.set(
      dir,
      list.map((p) => configAliases(src, p)).find((a) => a !== undefined),
    );
  }
  return out;
}

/** The file an aliased specifier names (`@/utils/x` with `"@/*": ["./*"]`), or one under baseUrl. */
function resolveAlias(ctx: ResolveContext, a: PathAliases, s: string): string | undefined {
  let best: { prefix: string; targets: string[]; star: string } | undefined;
  for (const [pattern, targets] of a.paths) {
    const star = pattern.indexOf('*');
    const prefix = star < 0 ? pattern : pattern.slice(0, star);
    const suffix = star < 0 ? '' : pattern.slice(star + 1);
    const hit =
      star < 0
        ? s === pattern
        : s.startsWith(prefix) && s.endsWith(suffix) && s.length >= prefix.length + suffix.length;
    if (!hit || (best && best.prefix.length >= prefix.length)) continue;
    best = { prefix, targets, star: star < 0 ? '' : s.slice(prefix.length, s.length - suffix.length) };
  }
  const root = a.baseUrl ?? a.pathsDir;
  for (const t of best?.targets ?? []) {
    const p = normalise(`${root}/${t.replace('*', best!.star)}`);
    const file = p === null ? undefined : tryJs(ctx, p);
    if (file) return file;
  }
  if (a.baseUrl === undefined) return undefined;
  const p = normalise(`${a.baseUrl}/${s}`);
  return p === null ? undefined : tryJs(ctx, p);
}

function tryJs(ctx: ResolveContext, base: string): string | undefined {
  const candidates = [base, ...JS_EXT.map((e) => base + e), ...JS_EXT.map((e) => `${base}/index${e}`)];
  // TS sources import './x.js' meaning './x.ts'
  const m = /\.(m|c)?jsx?$/.exec(base);
  if (m) for (const e of JS_EXT) candidates.push(base.slice(0, -m[0].length) + e);
  return candidates.find((c) => ctx.has(c));
}

/** A Rust file's crate source folder and module path: `src/a/b.rs` → ['src', ['a', 'b']]. */
function rustModule(file: string): { root: string; path: string[] } {
  const at = file.lastIndexOf('src/');
  const root = at < 0 ? dirName(file) : file.slice(0, at + 3);
  const rel = (at < 0 ? baseName(file) : file.slice(at + 4)).replace(/\.rs$/, '');
  // lib.rs, main.rs and a bin target are crate roots; foo/mod.rs is module foo
  if (/^(lib|main|bin\/[^/]+)$/.test(rel) || at < 0) return { root, path: [] };
  return { root, path: rel.replace(/\/mod$/, '').split('/') };
}

/** The file of the deepest module a Rust path names (`crate::a::b::Item` → src/a/b.rs), if any. */
function rustFile(ctx: ResolveContext, root: string, path: string[]): string | undefined {
  for (let k = path.length; k > 0; k--) {
    const base = [root, ...path.slice(0, k)].filter(Boolean).join('/');
    const hit = [`${base}.rs`, `${base}/mod.rs`].find((c) => ctx.has(c));
    if (hit) return hit;
  }
  return undefined;
}

/** `mod foo;`, `use crate::…`, `use super::…`, `use self::…` and `use other_crate::…` of a workspace crate. */
function resolveRust(from: string, s: string, line: number, ctx: ResolveContext): string | undefined {
  const mod = rustModule(from);
  // `use super::*;` at the top of a module the crate root declares (not in an inline `mod tests`,
  // whose `super` is the module itself) takes the root's names: `src/platform.rs` of `mod unix;`
  // imports lib.rs from its own folder's module. A module of one file is in the root's folder, one
  // module with it, and an import of the root would only make it every file's neighbour.
  const text = s === 'super::' && mod.path.length === 1 ? (ctx.text?.(from) ?? '') : '';
  if (
    (from.endsWith('/mod.rs') || /^[ \t]*(?:pub(?:\([^)\n]*\))?[ \t]+)?mod[ \t]+\w+[ \t]*;/m.test(text)) &&
    /^(?:pub(?:\([^)]*\))?\s+)?use\b/.test(text.split('\n')[line - 1] ?? '')
  )
    return [`${mod.root}/lib.rs`, `${mod.root}/main.rs`].find((c) => ctx.has(c));
  const child = /^mod\s+(\w+)$/.exec(s);
  if (child) return rustFile(ctx, mod.root, [...mod.path, child[1]!]);
  const [head, ...rest] = s.split('::').filter(Boolean);
  if (head === 'crate') return rustFile(ctx, mod.root, rest);
  if (head === 'self' || head === 'super') {
    let base = mod.path;
    let parts = [head, ...rest];
    for (; parts[0] === 'super' || parts[0] === 'self'; parts = parts.slice(1))
      if (parts[0] === 'super') base = base.slice(0, -1);
    return rustFile(ctx, mod.root, [...base, ...parts]);
  }
  const dir = head === undefined ? undefined : ctx.crates?.get(head);
  if (dir === undefined) return undefined;
  const root = dir ? `${dir}/src` : 'src';
  return rustFile(ctx, root, rest) ?? [`${root}/lib.rs`].find((c) => ctx.has(c));
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
  if (imp.from.endsWith('.rs')) return resolveRust(imp.from, s, imp.line, ctx);
  if (JVM_FILE.test(imp.from)) {
    // `import a.b.C;`, `import a.b.*;`, `import static a.b.C.member;`
    const name = s.replace(/^static\s+/, '').replace(/\.\*$/, '');
    return ctx.jvmTypes?.get(name) ?? ctx.jvmTypes?.get(name.replace(/\.[^.]+$/, ''));
  }
  // PHP's `use A\B\C;` names a class, found through composer's PSR-4 prefixes
  if (imp.from.endsWith('.php')) {
    const name = s.replace(/^\\/, '');
    for (const [prefix, dir] of ctx.psr4 ?? []) {
      if (!name.startsWith(prefix)) continue;
      const file = [dir, `${name.slice(prefix.length).replace(/\\/g, '/')}.php`].filter(Boolean).join('/');
      if (ctx.has(file)) return file;
    }
    return undefined;
  }
  // C#'s `using A.B;` names a namespace, which a project's folders follow by convention
  if (imp.from.endsWith('.cs')) return ctx.csNamespaces?.get(s.replace(/^static\s+/, ''));
  if (/\.(c|cc|cpp|h|hpp|hh|cxx)$/.test(imp.from)) {
    const p = normalise(`${from}/${s}`);
    return p && ctx.has(p) ? p : undefined;
  }
  if (s.startsWith('.') || s.startsWith('/')) {
    const p = normalise(s.startsWith('/') ? s : `${from}/${s}`);
    return p === null ? undefined : tryJs(ctx, p);
  }
  const aliases = ctx.aliasesFor?.(imp.from);
  const aliased = aliases && resolveAlias(ctx, aliases, s);
  if (aliased) return aliased;
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
  const crates = new Map<string, string>();
  for (const m of manifests) {
    if (!m.name) continue;
    if (m.ecosystem === 'npm') packages.set(m.name, dirName(m.path));
    if (m.ecosystem === 'go') goModules.set(m.name, dirName(m.path));
    if (m.ecosystem === 'cargo') crates.set(m.name.replace(/-/g, '_'), dirName(m.path));
  }
  const pyModules = new Map<string, string>();
  const pyPackages = new Set(
    src.files.filter((f) => f.path.endsWith('__init__.py')).map((f) => dirName(f.path)),
  );
  for (const f of src.files) {
    if (!f.path.endsWith('.py')) continue;
    const noExt = f.path.slice(0, -3).replace(/\/__init__$/, '');
    const parts = noExt.split('/');
    // register every suffix that starts at a folder Python can import from, so 'app.models' finds
    // 'src/app/models.py'; the shortest path wins. A module inside a package is only reached through
    // it: `import email` is the standard library's, never `hc/integrations/email/`
    for (let i = 0; i < parts.length; i++) {
      if (i > 0 && pyPackages.has(parts.slice(0, i).join('/'))) continue;
      const key = parts.slice(i).join('.');
      const prev = pyModules.get(key);
      if (!prev || prev.length > f.path.length) pyModules.set(key, f.path);
    }
  }
  // a JVM source's path below its source root spells its package: register every suffix of the path
  // (org.acme.Owner finds src/main/java/org/acme/Owner.java), and the folders as packages
  const jvmTypes = new Map<string, string>();
  const register = (key: string, target: string) => {
    const prev = jvmTypes.get(key);
    if (!prev || prev.length > target.length) jvmTypes.set(key, target);
  };
  for (const f of src.files) {
    if (!JVM_FILE.test(f.path)) continue;
    const parts = f.path.replace(JVM_FILE, '').split('/');
    for (let i = 0; i < parts.length; i++) {
      register(parts.slice(i).join('.'), f.path);
      if (i < parts.length - 1) register(parts.slice(i, -1).join('.'), dirName(f.path));
    }
  }
  const jvmPlaces = packagePlaces(src);
  const csNamespaces = namespaceFolders(src);
  const psr4 = psr4Prefixes(src);
  const aliases = aliasesByDir(src);
  const aliasesFor = (file: string) => {
    for (let d = dirName(file); ; d = dirName(d)) {
      if (aliases.has(d)) return aliases.get(d);
      if (!d) return undefined;
    }
  };
  return {
    has: (p) => src.has(p),
    packages,
    goModules,
    pyModules,
    aliasesFor,
    crates,
    jvmTypes,
    jvmPlaces,
    csNamespaces,
    psr4,
    text: (p) => src.text(p) ?? undefined,
  };
}

/**
 * JVM files whose package (`package org.acme;`) also lives in a sibling source root of the same source
 * set (`src/main/java11/org/acme` beside `src/main/java/org/acme`, `src/main/kotlin` beside
 * `src/main/java`) → the folder holding most of that package's files: one package is one module. Another
 * source set (`src/test`) or build module (`core/src/main`) declaring the same package stays apart.
 */
export function packagePlaces(src: Sources): Map<string, string> {
  const groups = new Map<string, Map<string, string[]>>();
  for (const f of src.files) {
    if (!JVM_FILE.test(f.path)) continue;
    const pkg = /^[ \t]*package[ \t]+([\w.]+)/m.exec(src.text(f.path) ?? '')?.[1];
    const dir = dirName(f.path);
    const tail = pkg?.replace(/\./g, '/');
    if (!tail || !(dir === tail || dir.endsWith(`/${tail}`))) continue;
    const key = `${dirName(dir.slice(0, dir.length - tail.length).replace(/\/$/, ''))}\u0000${pkg}`;
    const dirs = groups.get(key) ?? new Map<string, string[]>();
    dirs.set(dir, [...(dirs.get(dir) ?? []), f.path]);
    groups.set(key, dirs);
  }
  const out = new Map<string, string>();
  for (const dirs of groups.values()) {
    if (dirs.size < 2) continue;
    const [home] = [...dirs].sort(
      (x, y) => y[1].length - x[1].length || x[0].length - y[0].length || x[0].localeCompare(y[0]),
    )[0]!;
    for (const [dir, files] of dirs) if (dir !== home) for (const f of files) out.set(f, home);
  }
  return out;
}

/** The root composer.json's PSR-4 prefixes (autoload and autoload-dev), the longest first. */
export function psr4Prefixes(src: Sources): [string, string][] {
  let composer: { autoload?: { 'psr-4'?: unknown }; 'autoload-dev'?: { 'psr-4'?: unknown } };
  try {
    composer = JSON.parse(src.text('composer.json') ?? 'null') as typeof composer;
  } catch {
    return [];
  }
  const out: [string, string][] = [];
  for (const map of [composer?.autoload?.['psr-4'], composer?.['autoload-dev']?.['psr-4']]) {
    if (!map || typeof map !== 'object') continue;
    for (const [prefix, dirs] of Object.entries(map as Record<string, unknown>))
      for (const dir of Array.isArray(dirs) ? dirs : [dirs])
        if (typeof dir === 'string') out.push([prefix, trimEndChars(dir.replace(/^\.\//, ''), '/')]);
  }
  return out.sort((x, y) => y[0].length - x[0].length);
}

/**
 * Each C# namespace under the project's own root namespace → the folder whose files declare it most
 * (the first such folder by path on a tie): `using MediatR.Pipeline;` reaches `src/MediatR/Pipeline`.
 */
export function namespaceFolders(src: Sources): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const f of src.files) {
    if (!f.path.endsWith('.cs')) continue;
    const ns = /^[ \t]*namespace[ \t]+([\w.]+)/m.exec(src.text(f.path) ?? '')?.[1];
    if (!ns) continue;
    const dirs = counts.get(ns) ?? new Map<string, number>();
    dirs.set(dirName(f.path), (dirs.get(dirName(f.path)) ?? 0) + 1);
    counts.set(ns, dirs);
  }
  // a namespace outside the project's own root is another package's, opened to add to it
  // (extension methods in `Microsoft.Extensions.DependencyInjection`): a `using` of it means that package
  const roots = new Map<string, number>();
  for (const [ns, dirs] of counts) {
    const root = ns.split('.')[0]!;
    roots.set(root, (roots.get(root) ?? 0) + [...dirs.values()].reduce((n, c) => n + c, 0));
  }
  const own = [...roots].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]?.[0];
  const out = new Map<string, string>();
  for (const [ns, dirs] of counts)
    if (ns.split('.')[0] === own)
      out.set(ns, [...dirs].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]![0]);
  return out;
}

/**
 * The folder whose module a file is part of: its own folder, except a Rust file `x.rs` (not a crate
 * root) beside a folder `x/` of Rust files, which is their parent module (`mod build_assets;` in
 * `src/assets.rs` is `src/assets/build_assets.rs`): `src/assets.rs` is part of `src/assets`, as a
 * `src/assets/mod.rs` would be. Every count and drawing of modules decides a file's module with it.
 */
export function moduleFolders(paths: Iterable<string>): (path: string) => string {
  const rustDirs = new Set<string>();
  for (const p of paths)
    if (p.endsWith('.rs')) for (let d = dirName(p); d && !rustDirs.has(d); d = dirName(d)) rustDirs.add(d);
  return (p) => {
    const stem = p.slice(0, -'.rs'.length);
    return p.endsWith('.rs') && rustDirs.has(stem) && rustModule(p).path.length > 0 ? stem : dirName(p);
  };
}

/** The most specific of the module folders `ids` holding a file, if any ('.', the root, holds the root's files). */
export function moduleHome(
  ids: string[],
  folderOf: (path: string) => string,
): (path: string) => string | undefined {
  const deepest = [...ids].sort((x, y) => y.length - x.length);
  return (p) => {
    const dir = folderOf(p);
    return deepest.find((id) => (id === '.' || id === '' ? !dir : dir === id || dir.startsWith(`${id}/`)));
  };
}

/**
 * The module holding the folder `dir` at `depth`: the folder cut after `depth` branching folders. A
 * trunk folder (no source of its own, one subfolder with source: `src/main/java/org/acme`) does not
 * count, so a Maven layout's packages are modules as a flat layout's folders are.
 */
function moduleOf(dir: string, depth: number, trunk: Set<string>): string {
  if (!dir || dir === '.') return '.';
  const parts = dir.split('/');
  let counted = 0;
  for (let k = 1; k <= parts.length; k++) {
    const prefix = parts.slice(0, k).join('/');
    if (trunk.has(prefix)) continue;
    if (++counted === depth) return prefix;
  }
  return dir;
}

/** Folders with no source file of their own and exactly one subfolder holding source. */
function trunkFolders(dirs: string[]): Set<string> {
  const direct = new Set<string>();
  const children = new Map<string, Set<string>>();
  for (const d of dirs) {
    const parts = d.split('/').filter(Boolean);
    direct.add(parts.join('/'));
    for (let k = 1; k <= parts.length; k++) {
      const parent = parts.slice(0, k - 1).join('/');
      const set = children.get(parent) ?? new Set<string>();
      set.add(parts.slice(0, k).join('/'));
      children.set(parent, set);
    }
  }
  const trunk = new Set<string>();
  for (const [dir, kids] of children) if (dir && !direct.has(dir) && kids.size === 1) trunk.add(dir);
  return trunk;
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
  // `from pkg import module` imports the submodule's file, not the package's `__init__.py`: each name
  // that is a submodule is an import of its own file (its specifier still the one written)
  const split: ImportInfo[] = [];
  for (const imp of imports) {
    const names = imp.names;
    delete imp.names;
    if (!names || !imp.from.endsWith('.py')) {
      split.push(imp);
      continue;
    }
    const modules = names.flatMap((name) => {
      const specifier = `${imp.specifier}${imp.specifier.endsWith('.') ? '' : '.'}${name}`;
      const resolved = resolveImport({ ...imp, specifier }, ctx);
      return resolved && resolved !== imp.resolved && resolved.endsWith('.py')
        ? // the specifier stays as written on the line; what it resolves to is the submodule
          [{ from: imp.from, specifier: imp.specifier, line: imp.line, resolved }]
        : [];
    });
    // the package's own import stays for the names that are not submodules (a function, a constant)
    if (modules.length < names.length) split.push(imp);
    split.push(...modules);
  }
  imports.splice(0, imports.length, ...split);
  // the graph is the product's: test, fixture and bench files import test helpers and the code under
  // test, which would show src <-> test cycles and make test folders look like components
  // so is code a build wrote or another project's copied in (a UI kit's components): not the team's
  const generated = new Set(files.filter((f) => f.role === 'generated').map((f) => f.path));
  const source = files.filter(
    (f) =>
      f.language &&
      !NON_CODE.has(f.language) &&
      f.code > 0 &&
      !isNonProductCode(f.path) &&
      !generated.has(f.path),
  );
  const productImports = imports.filter(
    (i) =>
      !isNonProductCode(i.from) &&
      !generated.has(i.from) &&
      (i.resolved === undefined || !isNonProductCode(i.resolved)),
  );
  // a JVM file stands in its package's folder, whichever source root holds it; a Rust `X.rs` in `X/`
  const folderOf = moduleFolders(files.map((f) => f.path));
  const at = (p: string) => {
    const home = ctx.jvmPlaces?.get(p);
    return folderOf(home ? `${home}/${baseName(p)}` : p);
  };
  const trunk = trunkFolders(source.map((f) => at(f.path)));
  const build = (depth: number): ModuleGraph => {
    const nodes = new Map<string, { id: string; files: number; lines: number }>();
    for (const f of source) {
      const id = moduleOf(at(f.path), depth, trunk);
      const n = nodes.get(id) ?? { id, files: 0, lines: 0 };
      n.files++;
      n.lines += f.code;
      nodes.set(id, n);
    }
    const edges = new Map<string, { from: string; to: string; weight: number }>();
    for (const imp of productImports) {
      if (imp.resolved === undefined) continue;
      const isDir = !ctx.has(imp.resolved);
      const from = moduleOf(at(imp.from), depth, trunk);
      const to = moduleOf(isDir ? imp.resolved : at(imp.resolved), depth, trunk);
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
  const placed = source.filter((f) => ctx.jvmPlaces?.has(f.path));
  if (placed.length)
    best.placed = Object.fromEntries(placed.map((f) => [f.path, ctx.jvmPlaces!.get(f.path)!]));
  return best;
}

export { baseName };
