// The product's entry points (package entry, main(), bin targets, app factory, application class)
// and its public API (exports and their methods, Python package exports and console scripts, Go
// exported identifiers, Rust pub items and CLI flags, HTTP routes of applications).

import { DEPRECATION, deprecatedAt } from '../deprecated.ts';
import { nextEntryFiles, nextLayouts } from '../nextjs.ts';
import { baseName, dirName, LineIndex, matchesWithLines, type Sources } from '../sources.ts';
import type { Identity, Route, SymbolInfo } from '../types.ts';
import type { ManifestFacts } from './manifest-facts.ts';
import { cliItems, cobraAdded } from './cli-options.ts';
import { projectReadme } from './purpose.ts';
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
// Django's own start files (`manage.py`, `wsgi.py`, `asgi.py`) name its settings or its handlers; a
// module of that name elsewhere (an HTTP client's WSGI transport) is no entry point of a Django site
const DJANGO_ENTRY = /\bDJANGO_SETTINGS_MODULE\b|\bget_[aw]sgi_application\b|\bexecute_from_command_line\b/;

export function resolveJs(src: Sources, target: string): string | undefined {
  const t = norm(target);
  const sources = [t, ...buildSources(src, t)];
  const bases = [...sources, ...sources.map((b) => b.replace(/\.(m|c)?js$/, ''))];
  for (const b of bases) for (const e of JS_EXT) if (src.has(b + e) && SCRIPT.test(b + e)) return b + e;
  return undefined;
}

// a build's output folder, where a package's manifest points at compiled code
const BUILD_DIR = /^(dist|distribution|build|out|lib)\//;
const compiledFrom = new WeakMap<Sources, { outDir: string; rootDir: string }[]>();

/**
 * Where a compiled file's source lies: the rootDir of a root tsconfig whose outDir holds it (ky's
 * `distribution/` built from `source/`), else a build folder's `src/` or `source/`.
 */
function buildSources(src: Sources, t: string): string[] {
  let dirs = compiledFrom.get(src);
  if (!dirs) {
    const dir = (text: string, key: string) =>
      new RegExp(`"${key}"\\s*:\\s*"([^"]+)"`).exec(text)?.[1]?.replace(/^\.\//, '').replace(/\/$/, '');
    dirs = src.files
      .filter((f) => /^tsconfig[\w.-]*\.json$/.test(f.path))
      .flatMap((f) => {
        const text = src.text(f.path) ?? '';
        const outDir = dir(text, 'outDir');
        const rootDir = dir(text, 'rootDir');
        return outDir && rootDir ? [{ outDir, rootDir }] : [];
      });
    compiledFrom.set(src, dirs);
  }
  const out = dirs
    .filter((d) => t.startsWith(`${d.outDir}/`))
    .map((d) => `${d.rootDir === '.' ? '' : `${d.rootDir}/`}${t.slice(d.outDir.length + 1)}`);
  if (BUILD_DIR.test(t)) out.push(t.replace(BUILD_DIR, 'src/'), t.replace(BUILD_DIR, 'source/'));
  return out;
}

/** The string targets of an "exports" value, every condition. */
export function exportFiles(exp: unknown): string[] {
  if (typeof exp === 'string') return [exp];
  if (Array.isArray(exp)) return exp.flatMap(exportFiles);
  if (exp && typeof exp === 'object')
    return Object.entries(exp as Record<string, unknown>)
      .filter(([k]) => !k.includes('*') && k !== 'types')
      .flatMap(([, v]) => exportFiles(v));
  return [];
}

/**
 * `workspaceDirs`: the product folders of a monorepo that hold their own package.json;
 * `productArea`: whether a file lies outside tests, examples and the like, for the files a framework
 * loads by their place (a Next.js middleware.ts at the root), which no product folder may hold yet.
 */
export function findEntryPoints(
  src: Sources,
  facts: ManifestFacts,
  productFiles: string[],
  symbols: SymbolInfo[],
  workspaceDirs: string[] = [],
  productArea: (p: string) => boolean = () => false,
): EntryPoint[] {
  const out: EntryPoint[] = [];
  const loadedByFramework = new Set<string>();
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
      // Cargo finds binaries by place too: `src/bin/<name>.rs` and `src/bin/<name>/main.rs`
      for (const f of productFiles) {
        const bin = /^src\/bin\/([\w-]+)(?:\.rs|\/main\.rs)$/.exec(dir ? f.slice(dir.length + 1) : f);
        if (bin && (!dir || f.startsWith(`${dir}/`)))
          add(
            f,
            lineMatching(src.text(f), /^[ \t]*(?:async\s+)?fn\s+main\b/m),
            `binary "${bin[1]}" (fn main)`,
          );
      }
      if (src.has(at('src/lib.rs'))) add(at('src/lib.rs'), 1, 'library crate root');
    }
  }
  // a gem is entered by `require '<name>'`, which loads lib/<name>.rb beside its gemspec (a dash in
  // the name is a folder: `require 'rack/protection'` for rack-protection)
  // the root gem first, then its sibling gems
  const gemspecs = src.files
    .filter((f) => f.path.endsWith('.gemspec'))
    .sort((a, b) => a.path.split('/').length - b.path.split('/').length);
  for (const f of gemspecs) {
    const dir = f.path.includes('/') ? `${f.path.slice(0, f.path.lastIndexOf('/'))}/` : '';
    const text = src.text(f.path) ?? '';
    const name =
      /^[ \t]*\w+\.name[ \t]*=[ \t]*["']([^"']+)["']/m.exec(text)?.[1] ??
      /Gem::Specification\.new[ \t(]+["']([^"']+)["']/.exec(text)?.[1] ??
      baseName(f.path).replace(/\.gemspec$/, '');
    const required = [name, name.replace(/-/g, '/')].find((r) => inProduct.has(`${dir}lib/${r}.rb`));
    if (required)
      add(
        `${dir}lib/${required}.rb`,
        1,
        required === name ? `gem "${name}"` : `gem "${name}", required as '${required}'`,
      );
  }
  // code entry points of any language, in product files only: main functions, application classes, app factories
  const later: [string, number, string][] = [];
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
      else if (/\bpublic\s+static\s+void\s+main\s*\(|^[ \t]*fun\s+main\s*\(/m.test(text))
        add(p, lineMatching(text, /\bstatic\s+void\s+main\s*\(|^[ \t]*fun\s+main\s*\(/m), 'main()');
    } else if (p.endsWith('.go') && /^package\s+main\b/m.test(text) && /^func\s+main\s*\(/m.test(text)) {
      add(p, lineMatching(text, /^func\s+main\s*\(/m), 'func main() in package main');
    } else if (p.endsWith('.py')) {
      if (baseName(p) === '__main__.py') add(p, 1, 'python -m entry (__main__.py)');
      else if (/^def\s+create_app\s*\(/m.test(text))
        add(p, lineMatching(text, /^def\s+create_app\s*\(/m), 'application factory create_app()');
      else if (/^\w+\s*=\s*(Flask|FastAPI|Starlette|Sanic)\(/m.test(text))
        add(p, lineMatching(text, /^\w+\s*=\s*(Flask|FastAPI|Starlette|Sanic)\(/m), 'web application object');
      else if (/^(?:manage|wsgi|asgi)\.py$/.test(baseName(p)) && DJANGO_ENTRY.test(text))
        add(p, 1, `Django ${baseName(p)}`);
      else if (/(^|\/)management\/commands\/[^/_][^/]*\.py$/.test(p) && /^class\s+Command\s*\(/m.test(text))
        // a Django management command runs as `manage.py <name>`: background work often lives here
        later.push([
          p,
          lineMatching(text, /^class\s+Command\s*\(/m),
          `Django management command (manage.py ${baseName(p).replace(/\.py$/, '')})`,
        ]);
      else if (PY_MAIN.test(text))
        // a script inside a package is a helper of it; the package's own entry comes first
        later.push([p, lineMatching(text, PY_MAIN), 'script (if __name__ == "__main__")']);
    } else if (/\.(c|cc|cpp|cxx)$/.test(p) && C_MAIN.test(text)) {
      add(p, lineMatching(text, C_MAIN), 'main()');
    }
  }
  for (const e of nextEntryFiles(nextLayouts(src), (p) => src.has(p))) {
    if (!productArea(e.path)) continue;
    loadedByFramework.add(e.path);
    add(
      e.path,
      lineMatching(src.text(e.path), /^[ \t]*export\s+(default\b|(async\s+)?function\s+middleware\b)/m),
      e.how,
    );
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
  // the largest first: `sendalerts` before `createsuperuser`
  const size = (p: string) => src.text(p)?.length ?? 0;
  later.sort((x, y) => size(y[0]) - size(x[0]) || x[0].localeCompare(y[0]));
  // a module of a package that is entered as a package is used through it: its `__main__` block is a
  // helper (printing debug information, a self-test), not where use of the product begins
  const packages = out.filter((e) => baseName(e.path) === '__init__.py').map((e) => dirName(e.path));
  const inPackage = (p: string) => packages.some((d) => p.startsWith(`${d}/`));
  for (const [p, line, how] of later) if (!(how.startsWith('script (') && inPackage(p))) add(p, line, how);
  // a library is used through the declarations its README's example calls, cited where they are
  // defined; a Go package's own files have no entry of their own, so it falls back to its constructors
  const goLibrary = !!facts.goModule && !out.length;
  // a Python package is imported by its folder's name, declared or found by its __init__.py
  const pyPackages = new Set(facts.pyPackages);
  for (const e of out) if (baseName(e.path) === '__init__.py') pyPackages.add(baseName(dirName(e.path)));
  const starts = userStarts(src, facts, [...pyPackages], symbols, inProduct, goLibrary);
  if (starts.length) {
    const files = out.splice(0);
    for (const e of starts) out.push(e);
    for (const e of files) add(e.path, e.line, e.how);
  }
  return out.filter((e) => inProduct.has(e.path) || loadedByFramework.has(e.path) || !productFiles.length);
}

// a section on getting the package (Installing, Installation, Package manager, CDN, Download)
const INSTALL_HEADING = /^(?:install\w*|setup|set up|package managers?|cdn|downloads?|requirements)\b/i;

/**
 * The fenced code blocks of a README, in order; a Python prompt's `>>> ` is taken off. A block under
 * a section on installing the package shows how to get and import it (`console.log(axios.isCancel(
 * 'something'))` to show the import works), not how it is used: it is left out.
 */
export function readmeCode(readme: string): string[] {
  // the headings above each offset: a deeper heading sits inside the section of a shallower one
  const headings = [...readme.matchAll(/^(#{1,6})[ \t]([^\n]*)$/gm)].map((m) => ({
    at: m.index,
    level: m[1]!.length,
    install: INSTALL_HEADING.test(m[2]!.trim()),
  }));
  const inInstall = (at: number) => {
    let level = 7;
    for (let i = headings.length - 1; i >= 0; i--) {
      const h = headings[i]!;
      if (h.at > at || h.level >= level) continue;
      if (h.install) return true;
      level = h.level;
    }
    return false;
  };
  return [...readme.matchAll(/^[ \t]*(`{3,}|~{3,})[^`~\n]*\n([\s\S]*?)^[ \t]*\1/gm)]
    .filter((m) => !inInstall(m.index))
    .map((m) => m[2]!.replace(/^[ \t]*(>>>|\.\.\.) ?/gm, ''));
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * What a README's examples call through an imported package, in order of first use: `chi.NewRouter(`,
 * `&cobra.Command{`, `requests.get(` through the package's name; `new Koa()` through a default import,
 * `new Hono()` through a named one. `default` stands for the package's default export.
 */
export function readmeCalls(
  code: string,
  importName: string,
  alias: string,
): { name: string; call: string }[] {
  const found: { name: string; call: string; at: number }[] = [];
  // qualified: alias.Name( or &alias.Name{ (Go, Python, a namespace import in JS)
  for (const m of code.matchAll(new RegExp(`(&?)\\b${esc(alias)}\\.([A-Za-z_]\\w*)\\s*([({])`, 'g')))
    if (m[3] === '(' || m[1] === '&')
      found.push({
        name: m[2]!,
        call: `${m[1]}${alias}.${m[2]}${m[3] === '(' ? '()' : '{…}'}`,
        at: m.index!,
      });
  // JS imports of the package by its name
  const from = `['"]${esc(importName)}['"]`;
  const bound = new Map<string, string>();
  for (const m of code.matchAll(
    new RegExp(
      `(?:import\\s+([A-Za-z_$][\\w$]*)\\s+from\\s*${from}|(?:const|let|var)\\s+([A-Za-z_$][\\w$]*)\\s*=\\s*require\\(\\s*${from}\\s*\\))`,
      'g',
    ),
  ))
    bound.set(m[1] ?? m[2]!, 'default');
  for (const m of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${from}`, 'g')))
    for (const part of m[1]!.split(',')) {
      const [name, as] = part.trim().replace(/\s+/g, ' ').split(' as ');
      if (name && /^[A-Za-z_$][\w$]*$/.test(name)) bound.set((as ?? name).trim(), name);
    }
  // Python: `from starlette.applications import Starlette`, from the package or one of its modules
  for (const m of code.matchAll(
    new RegExp(
      `^[ \\t]*from[ \\t]+${esc(importName)}(?:\\.[\\w.]+)?[ \\t]+import[ \\t]+([\\w, \\t]+)$`,
      'gm',
    ),
  ))
    for (const part of m[1]!.split(',')) {
      const [name, as] = part.trim().replace(/\s+/g, ' ').split(' as ');
      if (name && /^[A-Za-z_]\w*$/.test(name)) bound.set((as ?? name).trim(), name);
    }
  for (const [local, name] of bound)
    // a tagged template (`` execa`npm run build` ``) calls the function too
    for (const m of code.matchAll(new RegExp(`(new\\s+)?(?<![\\w$.])${esc(local)}\\s*[(\`]`, 'g')))
      found.push({ name, call: `${m[1] ? 'new ' : ''}${local}()`, at: m.index! });
  // what the example does at its top level (`app = Starlette(routes=routes)`) before what it does
  // inside the functions it defines for the product to call (a handler returning `JSONResponse(…)`)
  const depth = (at: number) => /^[ \t]*/.exec(code.slice(code.lastIndexOf('\n', at - 1) + 1))![0].length;
  found.sort((x, y) => depth(x.at) - depth(y.at) || x.at - y.at);
  const out: { name: string; call: string }[] = [];
  for (const { name, call } of found) if (!out.some((o) => o.name === name)) out.push({ name, call });
  return out;
}

/** A call that sets an option up: `SetConfigName`, `AddConfigPath`, `set_option`, `WithTimeout`. */
const SETTER = /^(?:Set|Add|With)[A-Z]|^(?:set|add|with)_/;

/** Go's driver methods: what a user calls to run what they built. */
const GO_DRIVERS = /^(Execute|Run|Start|Serve|ServeHTTP|Listen|ListenAndServe)$/;

/**
 * The declarations a user of a library starts from, cited at their definition: what the README's
 * example calls through the package, else (Go) the root package's exported constructors, else its
 * exported type that has a driver method (Execute, Run, ServeHTTP…) with that method.
 */
function userStarts(
  src: Sources,
  facts: ManifestFacts,
  pyPackages: string[],
  symbols: SymbolInfo[],
  inProduct: Set<string>,
  goLibrary: boolean,
): EntryPoint[] {
  const readmePath = projectReadme(src);
  const blocks = readmePath ? readmeCode(src.text(readmePath) ?? '') : [];
  const rootGo = (p: string) => p.endsWith('.go') && !p.includes('/') && !p.endsWith('_test.go');
  // the import path users write, and the name their code then calls the package by
  const goPkg = goLibrary
    ? /^package\s+(\w+)/m.exec(src.text([...inProduct].filter(rootGo).sort()[0] ?? '') ?? '')?.[1]
    : undefined;
  const npmName = typeof facts.npm?.pkg?.name === 'string' ? facts.npm.pkg.name : undefined;
  const packages: { importPath: string; alias: string; scope: (p: string) => boolean }[] = [];
  if (goPkg && goPkg !== 'main') packages.push({ importPath: facts.goModule!, alias: goPkg, scope: rootGo });
  for (const pk of pyPackages)
    packages.push({
      importPath: pk,
      alias: pk,
      scope: (p) => p.endsWith('.py') && (p.startsWith(`${pk}/`) || p.startsWith(`src/${pk}/`)),
    });
  if (npmName && !facts.npm?.pkg?.private)
    packages.push({
      importPath: npmName,
      alias: /^[A-Za-z_$][\w$]*$/.test(npmName) ? npmName : '\u0000',
      scope: (p) => /\.[cm]?[jt]sx?$/.test(p),
    });
  const out: EntryPoint[] = [];
  // a declaration its authors mark deprecated (`// Deprecated: Use Dialer instead.`) is kept for old
  // callers, never where a new user starts: what its note names in its place is, else the next candidate
  const at = (name: string, scope: (p: string) => boolean, deprecated = false) => {
    // an exported declaration before a private one of the same name (hono's `Hono` base class)
    const defs = symbols
      .filter(
        (s) =>
          s.name === name &&
          s.kind !== 'method' &&
          (deprecated || !s.deprecated) &&
          inProduct.has(s.path) &&
          scope(s.path),
      )
      .sort(
        (x, y) => Number(!!x.deprecated) - Number(!!y.deprecated) || Number(y.exported) - Number(x.exported),
      );
    // overloads come before the implementation, which is the declaration to read
    const first = defs[0];
    return first && defs.filter((d) => d.path === first.path && !!d.deprecated === !!first.deprecated).pop();
  };
  const instead = (old: SymbolInfo, scope: (p: string) => boolean) =>
    replacementOf(src, symbols, old, (p) => inProduct.has(p) && scope(p));
  const push = (e: EntryPoint) => {
    if (!out.some((o) => o.path === e.path && o.line === e.line)) out.push(e);
  };
  // a type's driver method, wherever in the package it is declared (`Command.Run` in command_run.go)
  const rootFiles = [...inProduct].filter(rootGo).sort();
  const driverOf = (
    type: string,
  ): { path: string; index: number; text: string; name: string } | undefined => {
    const driver = new RegExp(
      `^func\\s*\\(\\s*\\w+\\s+\\*?${esc(type)}(?:\\[[^\\]\\n]*\\])?\\s*\\)\\s*(\\w+)\\s*\\(`,
      'gm',
    );
    for (const path of rootFiles) {
      const text = src.text(path) ?? '';
      const m = [...text.matchAll(driver)].find((d) => GO_DRIVERS.test(d[1]!));
      if (m) return { path, index: m.index, text, name: m[1]! };
    }
    return undefined;
  };
  // a constructor is where users start when what it makes runs the work (`chi.NewRouter()` makes a
  // `Mux` that serves): a helper's constructor (a flag's value base) is not
  const made = (s: SymbolInfo): string | undefined => {
    const text = src.text(s.path) ?? '';
    const line = (text.split('\n')[s.line - 1] ?? '').trim().replace(/\{$/, '').trimEnd();
    // the results after the parameters' closing bracket: `*Mux`, `(*Mux, error)`, `*MapBase[T, C]`
    const results = line.endsWith(')')
      ? line.slice(line.lastIndexOf('(') + 1, -1)
      : line.slice(line.lastIndexOf(')') + 1);
    return /^\s*\*?(\w+)/.exec(results.split(',')[0]!)?.[1];
  };
  // the first example that uses the package is where a reader starts
  for (const pk of packages) {
    // an example sets options up before the call that does the work (`SetConfigName`, then
    // `ReadInConfig`): the work is where a reader starts, the setters follow it
    const setter = (name: string) => (SETTER.test(name) ? 1 : 0);
    // in Go, a constructor of what runs the work (`tea.NewProgram`, whose `Program` has `Run`) before
    // the helpers the example's other functions call (`tea.NewView` in a model's `View`)
    const runs = (name: string) => {
      if (pk.scope !== rootGo) return 0;
      const sym = at(name, pk.scope);
      const type = sym && sym.kind === 'function' ? made(sym) : undefined;
      return type && driverOf(type) ? 0 : 1;
    };
    const perBlock = blocks.map((b) => readmeCalls(b, pk.importPath, pk.alias)).filter((c) => c.length);
    // a tutorial builds its parts over several blocks before the one that starts the program: in Go,
    // that block leads, the first block's calls follow
    const starting =
      pk.scope === rootGo ? perBlock.find((c) => c.some((x) => runs(x.name) === 0)) : undefined;
    const first = perBlock[0] ?? [];
    const calls = starting
      ? [...starting, ...first.filter((x) => !starting.some((y) => y.name === x.name))]
      : first;
    const order = (x: { name: string }, y: { name: string }) =>
      setter(x.name) - setter(y.name) || runs(x.name) - runs(y.name);
    for (const { name, call } of [...calls].sort(order)) {
      const sym = name === 'default' ? undefined : at(name, pk.scope, true);
      const def = name === 'default' ? defaultExport(src, facts) : sym;
      const old = sym?.deprecated ? sym : undefined;
      const now = old && instead(old, pk.scope);
      if (now)
        push({
          path: now.path,
          line: now.line,
          how: `in place of the deprecated ${name}`,
          // the example's call, of the function named instead (`ws.Dial()` for `ws.Old()`), or of
          // the method of the type named instead
          call: now.method
            ? methodCall(pk.scope === rootGo ? pk.alias : undefined, now.type, now.method)
            : call.replace(name, now.name),
          importPath: pk.importPath,
        });
      else if (def && !old)
        push({
          path: def.path,
          line: def.line,
          how: `called by the README's example`,
          call,
          importPath: pk.importPath,
        });
      if (out.length >= 3) return out;
    }
  }
  if (out.length || !goPkg || goPkg === 'main') return out;
  const exported = symbols.filter(
    (s) => s.exported && !s.deprecated && inProduct.has(s.path) && rootGo(s.path),
  );
  // a deprecated constructor stands in the list for what its note names instead (`NewClient`, `Use
  // Dialer instead.`: `Dialer.Dial`), or for nothing
  const constructors = symbols.filter(
    (s) =>
      s.exported &&
      inProduct.has(s.path) &&
      rootGo(s.path) &&
      s.kind === 'function' &&
      /^(New|Create|Make)[A-Z]?/.test(s.name),
  );
  const running = constructors.filter((s) => {
    const type = !s.deprecated && made(s);
    return !!type && !!driverOf(type);
  });
  // with none such, the constructors still lead unless a type the package runs does
  const hasDriver = (s: (typeof exported)[number]) =>
    (s.kind === 'struct' || s.kind === 'type') && !!driverOf(s.name);
  const starts = running.length ? running : exported.some(hasDriver) ? [] : constructors;
  for (const s of starts) {
    if (out.length >= 3) break;
    const now = s.deprecated ? instead(s, rootGo) : undefined;
    if (now)
      push({
        path: now.path,
        line: now.line,
        how: `in place of the deprecated ${s.name}`,
        call: now.method ? methodCall(goPkg, now.type, now.method) : `${goPkg}.${now.name}()`,
        importPath: facts.goModule!,
      });
    else if (!s.deprecated)
      push({
        path: s.path,
        line: s.line,
        how: 'exported constructor',
        call: `${goPkg}.${s.name}()`,
        importPath: facts.goModule!,
      });
  }
  if (out.length) return out;
  // a type users fill in and run: the struct the package declares a driver method on
  for (const s of exported) {
    if (s.kind !== 'struct' && s.kind !== 'type') continue;
    const d = driverOf(s.name);
    if (!d) continue;
    out.push(
      {
        path: s.path,
        line: s.line,
        how: 'exported type users build',
        call: `&${goPkg}.${s.name}{…}`,
        importPath: facts.goModule!,
      },
      {
        path: d.path,
        line: new LineIndex(d.text).lineOf(d.index),
        how: `runs a ${s.name}`,
        call: `${d.name}()`,
        importPath: facts.goModule!,
      },
    );
    break;
  }
  return out;
}

/** How users call a type's method: `(&websocket.Dialer{…}).Dial()` in Go, `Dialer.dial()` elsewhere. */
function methodCall(goPkg: string | undefined, type: string, method: string): string {
  return goPkg ? `(&${goPkg}.${type}{…}).${method}()` : `${type}.${method}()`;
}

const TYPE_SYMBOLS = new Set(['struct', 'class', 'type', 'interface', 'trait', 'enum']);

/**
 * What takes a deprecated declaration's place, by the name its note says to use instead: a function of
 * that name itself; a type through its method the deprecated body calls (`NewClient` returns
 * `d.Dial(…)` on the `Dialer` its note names), else through its method the code calls most.
 */
export function replacementOf(
  src: Sources,
  symbols: SymbolInfo[],
  old: SymbolInfo,
  scope: (p: string) => boolean,
): { name: string; path: string; line: number; type: string; method?: string } | undefined {
  const name = old.replacement;
  if (!name) return undefined;
  const defs = symbols.filter(
    (s) => s.name === name && s.exported && !s.deprecated && s.kind !== 'method' && scope(s.path),
  );
  const fn = defs.find((s) => s.kind === 'function');
  if (fn) return { name, path: fn.path, line: fn.line, type: name };
  const type = defs.find((s) => TYPE_SYMBOLS.has(s.kind));
  if (!type) return undefined;
  const go = type.path.endsWith('.go');
  // a method users can call: Go's capitalised ones, elsewhere any but `_private` ones
  const methods = methodsOf(src, symbols, type, scope).filter(
    (m) => !m.deprecated && (go ? /^[A-Z]/.test(m.name) : !m.name.startsWith('_')),
  );
  if (!methods.length) return undefined;
  const calls = (text: string, m: SymbolInfo) =>
    text.match(new RegExp(`\\.${esc(m.name)}\\s*\\(`, 'g'))?.length ?? 0;
  const firstCall = (text: string, m: SymbolInfo) => text.search(new RegExp(`\\.${esc(m.name)}\\s*\\(`));
  // the deprecated declaration's body: up to the next declaration of its file
  const lines = (src.text(old.path) ?? '').split('\n');
  const next = symbols
    .filter((s) => s.path === old.path && s.line > old.line)
    .reduce((n, s) => Math.min(n, s.line), Math.min(lines.length + 1, old.line + 80));
  const body = lines.slice(old.line - 1, next - 1).join('\n');
  const called = methods
    .filter((m) => firstCall(body, m) >= 0)
    .sort((x, y) => firstCall(body, x) - firstCall(body, y))[0];
  let chosen = called;
  if (!chosen) {
    // the calls of each method anywhere in files of its language, the tests and examples included
    const ext = /\.\w+$/.exec(type.path)?.[0] ?? '';
    const texts = src.files.filter((f) => f.path.endsWith(ext)).map((f) => src.text(f.path) ?? '');
    const uses = new Map(methods.map((m) => [m, texts.reduce((n, t) => n + calls(t, m), 0)]));
    chosen = [...methods].sort((x, y) => uses.get(y)! - uses.get(x)! || x.line - y.line)[0]!;
  }
  return { name, path: chosen.path, line: chosen.line, type: name, method: chosen.name };
}

/**
 * A type's methods: in Go, the functions whose receiver is it, in any file of its package; elsewhere,
 * the methods declared after it in its file, before the next declaration outside it.
 */
function methodsOf(
  src: Sources,
  symbols: SymbolInfo[],
  type: SymbolInfo,
  scope: (p: string) => boolean,
): SymbolInfo[] {
  if (type.path.endsWith('.go')) {
    const receiver = new RegExp(
      `^func\\s*\\(\\s*\\w*\\s*\\*?${esc(type.name)}(?:\\[[^\\]\\n]*\\])?\\s*\\)\\s*(\\w+)\\s*[[(]`,
    );
    const dir = dirName(type.path);
    return symbols.filter((s) => {
      if (s.kind !== 'method' || dirName(s.path) !== dir || !scope(s.path)) return false;
      return receiver.test((src.text(s.path) ?? '').split('\n')[s.line - 1] ?? '');
    });
  }
  const after = symbols.filter((s) => s.path === type.path && s.line > type.line);
  const end = after.filter((s) => s.kind !== 'method').reduce((n, s) => Math.min(n, s.line), Infinity);
  return after.filter((s) => s.kind === 'method' && s.line < end);
}

/** Where an npm package's default export is declared: `module.exports = class X`, `export default class X`. */
function defaultExport(src: Sources, facts: ManifestFacts): { path: string; line: number } | undefined {
  const pkg = facts.npm?.pkg;
  if (!pkg) return undefined;
  const targets = [
    ...(typeof pkg.main === 'string' ? [pkg.main] : []),
    ...(typeof pkg.module === 'string' ? [pkg.module] : []),
    ...exportFiles(pkg.exports),
  ];
  for (const t of targets) {
    const path = resolveJs(src, t);
    const text = path && src.text(path);
    if (!path || !text) continue;
    const m = /^(?:module\.exports\s*=|export\s+default)\s*(?:class|function|async\s+function)?\b/m.exec(
      text,
    );
    if (m) return { path, line: new LineIndex(text).lineOf(m.index) };
  }
  return undefined;
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

/** Doc-comment tags by which code says a name is not for its users, whatever its syntax exposes. */
const NOT_PUBLIC_TAG = /@(?:private|internal|hidden)\b|@api\s+private\b/;

/** Whether the block comment right before `at` (only blank space between) marks a name non-public. */
function markedNotPublic(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 4000), at).trimEnd();
  if (!before.endsWith('*/')) return false;
  return NOT_PUBLIC_TAG.test(before.slice(before.lastIndexOf('/*')));
}

/**
 * Exports of a JS/TS entry file: ES exports, module.exports members, the exported class's methods,
 * prototype methods; a list of names (`export { a, b }`) cites each name at its own line. Names whose
 * doc comment says `@private`, `@api private`, `@internal` or `@hidden` are left out.
 */
export function jsExports(path: string, text: string): ApiItem[] {
  const out: ApiItem[] = [];
  const index = new LineIndex(text);
  const add = (name: string, kind: string, line: number) => {
    if (name && !name.startsWith('_') && !JS_KEYWORDS.has(name) && !out.some((a) => a.name === name))
      out.push({ name, kind, path, line });
  };
  const declared = (m: RegExpExecArray) => !markedNotPublic(text, m.index);
  /** Each name of a `{ a, b as c, d: e }` list that starts at `start`, at its own line. */
  const listed = (list: string, start: number, pick: (part: string) => string) => {
    for (const part of list.matchAll(/[^,]+/g)) {
      const lead = part[0].length - part[0].trimStart().length;
      add(pick(part[0].trim()), 'export', index.lineOf(start + part.index + lead));
    }
  };
  for (const { m, line } of matchesWithLines(
    text,
    /^export\s+(?:default\s+)?(?:declare\s+)?(?:abstract\s+|async\s+)*(function\*?|class|interface|type|enum|const|let|var)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    if (declared(m)) {
      add(m[2]!, m[1]!.replace('*', ''), line);
      const item = /^export\s+default\b/.test(m[0]) ? out.find((a) => a.name === m[2]) : undefined;
      if (item) item.isDefault = true;
    }
  // `export default ky;`: the package's default export is the value that name is bound to, cited
  // where it is declared (`const ky = createInstance();`)
  for (const { m, line } of matchesWithLines(
    text,
    /^export\s+default\s+([A-Za-z_$][\w$]*)[ \t]*(?:;[ \t]*)?$/gm,
  )) {
    const decl = new RegExp(
      `^(?:(?:async\\s+)?function\\*?|class|const|let|var)\\s+${m[1]!.replace(/\$/g, '\\$')}\\b`,
      'm',
    ).exec(text);
    add(m[1]!, 'default export', decl ? index.lineOf(decl.index) : line);
    const item = out.find((a) => a.name === m[1]);
    if (item) item.isDefault = true;
  }
  // `export { axios as default, Axios }`: the package's default export is the value the name holds
  for (const { m, line } of matchesWithLines(text, /^export\s*\{([^}]*)\}(?!\s*from\b)/gm))
    for (const part of m[1]!.split(',')) {
      const [local, as] = part
        .trim()
        .split(/\sas\s/)
        .map((x) => x.trim());
      if (as !== 'default' || !local || !/^[A-Za-z_$][\w$]*$/.test(local)) continue;
      const decl = new RegExp(
        `^(?:import\\s+${local.replace(/\$/g, '\\$')}\\b|(?:(?:async\\s+)?function\\*?|class|const|let|var)\\s+${local.replace(/\$/g, '\\$')}\\b)`,
        'm',
      ).exec(text);
      add(local, 'default export', decl ? index.lineOf(decl.index) : line);
      const item = out.find((a) => a.name === local);
      if (item) item.isDefault = true;
    }
  // `export { a, b as c }` and `export type { T }`: the names a list exports
  for (const { m } of matchesWithLines(text, /^export\s*(?:type\s*)?\{([^}]*)\}/gm))
    listed(m[1]!, m.index + m[0].indexOf('{') + 1, (part) =>
      part
        .replace(/^type\s+/, '')
        .split(/\sas\s/)
        .pop()!
        .trim(),
    );
  for (const { m, line } of matchesWithLines(
    text,
    /^module\.exports\s*=\s*(?:class|function)\s+([A-Za-z_$][\w$]*)/gm,
  ))
    add(m[1]!, 'class', line);
  const packages = packageBindings(text);
  for (const { m, line } of matchesWithLines(text, /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/gm))
    if (declared(m)) {
      add(m[1]!, 'export', line);
      // `exports.json = bodyParser.json`, `exports.static = require('serve-static')`: another package's
      const eol = text.indexOf('\n', m.index);
      const value = text.slice(m.index + m[0].length, eol < 0 ? undefined : eol).trim();
      const pkg =
        /^require\(\s*(['"])([^'"./][^'"]*)\1\s*\)(?:\.[\w$]+)*\s*;?$/.exec(value)?.[2] ??
        packages.get(/^([A-Za-z_$][\w$]*)(?:\.[\w$]+)*\s*;?$/.exec(value)?.[1] ?? '');
      const item = out.find((a) => a.name === m[1]);
      if (pkg && item && item.line === line) item.reexportOf = pkg;
    }
  const obj = /^module\.exports\s*=\s*\{([^}]*)\}/m.exec(text);
  if (obj) listed(obj[1]!, obj.index + obj[0].indexOf('{') + 1, (part) => part.split(':')[0]!.trimEnd());
  // methods: of an exported class, or assigned to a prototype (proto.use = function…); accessors are properties
  // the class the module is (its default export, or its one export): `request.ts` exporting
  // `HonoRequest` beside a helper lists the class, not each of its methods as a name of the module
  const exportsClass =
    /^(?:module\.exports\s*=\s*|export\s+default\s+)class\b/m.test(text) ||
    /^module\.exports\s*=\s*[A-Z]\w*\s*;?$/m.test(text) ||
    (/^export\s+class\b/m.test(text) && (text.match(/^export\s/gm) ?? []).length === 1);
  if (exportsClass) {
    for (const { m, line } of matchesWithLines(
      text,
      /^ {2}((?:static\s+|async\s+|get\s+|set\s+|\*)*)([A-Za-z_$][\w$]*)\s*\([^)\n]*\)\s*\{/gm,
    ))
      if (declared(m)) add(m[2]!, /\b[gs]et\s/.test(m[1]!) ? 'property' : 'method', line);
  }
  for (const { m, line } of matchesWithLines(
    text,
    // `exports = module.exports = createApplication;` keeps `exports` pointing at the same function
    /^(?:exports[ \t]*=[ \t]*)?module\.exports[ \t]*=[ \t]*([A-Za-z_$][\w$]*)[ \t]*(?:;[ \t]*)?$/gm,
  ))
    if (m[1] !== 'require') {
      // cited where the name is declared (`function createApplication() {`), not where it is exported
      const decl = new RegExp(
        `^(?:(?:async\\s+)?function\\*?|class|const|let|var)\\s+${m[1]!.replace(/\$/g, '\\$')}\\b`,
        'm',
      ).exec(text);
      add(m[1]!, 'export', decl ? index.lineOf(decl.index) : line);
      const item = out.find((a) => a.name === m[1]);
      if (item) item.isDefault = true;
    }
  for (const { m, line } of matchesWithLines(
    text,
    /^(?:proto|[A-Z]\w*\.prototype|app)\.([A-Za-z_$][\w$]*)\s*=/gm,
  ))
    if (declared(m)) add(m[1]!, 'method', line);
  return out;
}

/** Names bound to another package: `var bodyParser = require('body-parser')`, `import Router from 'router'`. */
function packageBindings(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(
    /^(?:var|let|const)[ \t]+([A-Za-z_$][\w$]*)[ \t]*=[ \t]*require\([ \t]*(['"])([^'"./][^'"]*)\2[ \t]*\)/gm,
  ))
    out.set(m[1]!, m[3]!);
  for (const m of text.matchAll(/^import[ \t]+([A-Za-z_$][\w$]*)[ \t]+from[ \t]+(['"])([^'"./][^'"]*)\2/gm))
    out.set(m[1]!, m[3]!);
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

/** A JS entry's API, following `module.exports = require('./x')`, `export * from './x'` and `export type * from './x'` two hops. */
function jsApi(src: Sources, path: string, depth = 0): ApiItem[] {
  const text = src.text(path)?.slice(0, SCAN_CHARS);
  if (!text) return [];
  const own = jsExports(path, text);
  if (depth >= 2) return own;
  // a name re-exported from a sibling file (`export { Context } from './context'`) is what it is
  // there: the class, function or type it declares, cited where it is declared
  for (const m of text.matchAll(/^export\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/gm)) {
    const target = resolveJs(src, joinRel(dirName(path), m[2]!));
    if (!target || target === path) continue;
    const there = jsApi(src, target, depth + 1);
    for (const part of m[1]!.split(',')) {
      const [from, as = from] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\sas\s/)
        .map((x) => x!.trim());
      const item = own.find((a) => a.name === as && a.kind === 'export');
      const def = there.find((a) => a.name === from && a.kind !== 'export');
      if (!item || !def) continue;
      item.kind = def.kind;
      item.definedAt = def.definedAt ?? { path: def.path, line: def.line };
    }
  }
  // a name imported from a sibling file and exported in a list of its own (`import { jsx } from
  // './base'` … `export { jsx, Fragment as StrictMode }`) is defined there too, not in this file
  const imported = new Map<string, { name: string; spec: string }>();
  for (const m of text.matchAll(
    /^import\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/gm,
  ))
    for (const part of m[1]!.split(',')) {
      const [name, local = name] = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\sas\s/)
        .map((x) => x!.trim());
      if (name && local) imported.set(local, { name, spec: m[2]! });
    }
  const targets = new Map<string, ApiItem[]>();
  const apiOf = (spec: string) => {
    const target = resolveJs(src, joinRel(dirName(path), spec));
    if (!target || target === path) return [];
    if (!targets.has(target)) targets.set(target, jsApi(src, target, depth + 1));
    return targets.get(target)!;
  };
  if (imported.size)
    for (const m of text.matchAll(/^export\s*(?:type\s*)?\{([^}]*)\}(?!\s*from\b)/gm))
      for (const part of m[1]!.split(',')) {
        const [local, as = local] = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\sas\s/)
          .map((x) => x!.trim());
        const imp = local && imported.get(local);
        const item = imp && own.find((a) => a.name === as && a.kind === 'export');
        const def = item && apiOf(imp.spec).find((a) => a.name === imp.name && a.kind !== 'export');
        if (!item || !def) continue;
        item.kind = def.kind;
        item.definedAt = def.definedAt ?? { path: def.path, line: def.line };
      }
  // a default export that is a sibling file's default import (`import axios from './lib/axios.js'` …
  // `export { axios as default }`) is that file's default export, cited where it is made there
  for (const item of own.filter((a) => a.isDefault && !a.definedAt)) {
    const imp = new RegExp(
      `^import\\s+${item.name.replace(/\$/g, '\\$')}\\s*(?:,[^;\\n]*)?\\s+from\\s*['"](\\.[^'"]+)['"]`,
      'm',
    ).exec(text);
    const def = imp && apiOf(imp[1]!).find((a) => a.isDefault);
    if (def) item.definedAt = def.definedAt ?? { path: def.path, line: def.line };
  }
  for (const m of text.matchAll(
    /^module\.exports\s*=\s*require\(\s*['"](\.[^'"]+)['"]\s*\)|^export\s+(?:type\s+)?\*\s+from\s+['"](\.[^'"]+)['"]/gm,
  )) {
    const target = resolveJs(src, joinRel(dirName(path), m[1] ?? m[2]!));
    if (target && target !== path) own.push(...jsApi(src, target, depth + 1));
  }
  return own;
}

/** The file a Python `from SPEC import …` in `fromFile` reads: `.core`, `..x`, or `pkg.core` inside its own package. */
function pyModuleFile(src: Pick<Sources, 'has'>, fromFile: string, spec: string): string | undefined {
  const dots = /^\.*/.exec(spec)![0].length;
  const rest = spec.slice(dots).split('.').filter(Boolean);
  let base = dirName(fromFile);
  if (dots) for (let i = 1; i < dots; i++) base = dirName(base);
  else {
    // an absolute import of the package the file belongs to, read from where that package lies
    const parts = base.split('/');
    const top = parts.indexOf(rest[0] ?? '');
    if (top < 0) return undefined;
    base = parts.slice(0, top).join('/');
  }
  const stem = [base, ...rest].filter(Boolean).join('/');
  const init = stem ? `${stem}/__init__.py` : '__init__.py';
  return (rest.length ? [`${stem}.py`, init] : [init]).find((p) => src.has(p));
}

/** `from M import a as b, (c, d)` at the top level: each local name with its module, source name and offset. */
function pyImports(text: string): { local: string; name: string; spec: string; at: number }[] {
  const out: { local: string; name: string; spec: string; at: number }[] = [];
  for (const m of text.matchAll(/^from[ \t]+(\.+|\.*\w[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]+)/gm)) {
    // a comment keeps its length so that offsets stay those of the text
    const list = m[2]!.replace(/#[^\n]*/g, (c) => ' '.repeat(c.length));
    const start = m.index + m[0].length - list.length;
    for (const part of list.matchAll(/(\w+)(?:\s+as\s+(\w+))?/g))
      out.push({ local: part[2] ?? part[1]!, name: part[1]!, spec: m[1]!, at: start + part.index });
  }
  return out;
}

/**
 * What a Python module binds `name` to, read from its definition: a class (an exception when it
 * derives from one), a function, a module, an instance (`BOOL = BoolParamType()`), a constant (a
 * literal) or a value (any other assignment), followed through imports and aliases. Undefined when
 * the definition cannot be found: a guess from the name's spelling would call constants classes.
 */
export function pyKind(
  src: Pick<Sources, 'text' | 'has'>,
  path: string,
  name: string,
  depth = 0,
): string | undefined {
  const text = src.text(path);
  if (!text || depth > 8) return undefined;
  const n = esc(name);
  const cls = new RegExp(`^class\\s+${n}\\s*(?:\\(([^)]*)\\))?\\s*:`, 'm').exec(text);
  if (cls) {
    // an exception class: one whose base is an exception by name or by its own definition
    const bases = (cls[1] ?? '')
      .replace(/\[[^[\]]*\]/g, '')
      .split(',')
      .map((b) => b.trim())
      .filter((b) => /^[\w.]+$/.test(b));
    const isException = (b: string) =>
      /^(BaseException|Exception|\w*(Error|Exception|Warning))$/.test(b.split('.').pop()!) ||
      (!b.includes('.') && b !== name && pyKind(src, path, b, depth + 1) === 'exception');
    return bases.some(isException) ? 'exception' : 'class';
  }
  if (new RegExp(`^(async\\s+)?def\\s+${n}\\b`, 'm').test(text)) return 'function';
  const assigned = new RegExp(`^${n}\\s*(?::[^=\\n]+)?=(?!=)\\s*(.*)`, 'm').exec(text)?.[1]?.trim();
  if (assigned !== undefined) {
    const call = /^([A-Za-z_][\w.]*)\s*\(/.exec(assigned);
    if (call) return /^[A-Z]/.test(call[1]!.split('.').pop()!) ? 'instance' : 'value';
    if (/^([-+]?\d|['"[{(]|[rbfu]+['"]|True\b|False\b|None\b)/.test(assigned)) return 'constant';
    const alias = /^([A-Za-z_]\w*)\s*$/.exec(assigned)?.[1];
    return (alias && alias !== name && pyKind(src, path, alias, depth + 1)) || 'value';
  }
  const imp = pyImports(text).find((i) => i.local === name);
  if (!imp) return undefined;
  // `from . import utils`: a submodule
  if (pyModuleFile(src, path, `${imp.spec}${imp.spec.endsWith('.') ? '' : '.'}${imp.name}`)) return 'module';
  const file = pyModuleFile(src, path, imp.spec);
  return file && file !== path ? pyKind(src, file, imp.name, depth + 1) : undefined;
}

/**
 * Where a Python module's `name` is defined: its `class`, `def` or top-level assignment, followed
 * through `from … import` into the module that defines it (a re-export is not a definition), or the
 * first line of a submodule bound by `from . import utils`. Undefined when it cannot be found.
 */
export function pyDefinition(
  src: Pick<Sources, 'text' | 'has'>,
  path: string,
  name: string,
  depth = 0,
): { path: string; line: number } | undefined {
  const text = src.text(path);
  if (!text || depth > 8) return undefined;
  const n = esc(name);
  const index = new LineIndex(text);
  const defs = [
    ...text.matchAll(
      new RegExp(`^(?:class\\s+${n}\\b|(?:async\\s+)?def\\s+${n}\\b|${n}\\s*(?::[^=\\n]+)?=(?!=))`, 'gm'),
    ),
  ];
  // `@overload` stubs come before the implementation: the first definition that is not one
  const overload = (at: number) =>
    /^@[\w.]*overload$/.test(
      text
        .slice(Math.max(0, at - 200), at)
        .split('\n')
        .slice(0, -1)
        .pop()
        ?.trim() ?? '',
    );
  const def = defs.find((m) => !overload(m.index)) ?? defs[0];
  if (def) return { path, line: index.lineOf(def.index) };
  const imp = pyImports(text).find((i) => i.local === name);
  if (!imp) return undefined;
  const sub = pyModuleFile(src, path, `${imp.spec}${imp.spec.endsWith('.') ? '' : '.'}${imp.name}`);
  if (sub) return { path: sub, line: 1 };
  const file = pyModuleFile(src, path, imp.spec);
  return file && file !== path ? pyDefinition(src, file, imp.name, depth + 1) : undefined;
}

/**
 * A Python package's exports: __all__, or the public names it imports and defines, each cited at its
 * own line and kinded by its definition when `src` can read it ("export" when it cannot).
 */
export function pyExports(path: string, text: string, src?: Pick<Sources, 'text' | 'has'>): ApiItem[] {
  const out: ApiItem[] = [];
  const index = new LineIndex(text);
  const kindOf = (name: string) => (src && pyKind(src, path, name)) ?? 'export';
  const add = (name: string, line: number, kind = kindOf(name)) => {
    if (!name || name.startsWith('_') || name === 'annotations' || out.some((a) => a.name === name)) return;
    // a name the package re-exports is cited where it is defined, beside its export line
    const def = src && pyDefinition(src, path, name);
    out.push({
      name,
      kind,
      path,
      line,
      ...(def && (def.path !== path || def.line !== line) ? { definedAt: def } : {}),
    });
  };
  const all = /^__all__\s*(?::[^=\n]+)?=\s*[[(]([^\])]*)[\])]/m.exec(text);
  if (all) {
    // offsets inside the list are counted from where the list begins, after `__all__ = (`
    const listStart = all.index + all[0].length - 1 - all[1]!.length;
    for (const m of all[1]!.matchAll(/["'](\w+)["']/g)) add(m[1]!, index.lineOf(listStart + m.index));
    return out;
  }
  for (const imp of pyImports(text)) if (imp.spec.startsWith('.')) add(imp.local, index.lineOf(imp.at));
  for (const { m, line } of matchesWithLines(text, /^(def|class)\s+([A-Za-z]\w*)/gm))
    add(m[2]!, line, m[1] === 'class' ? 'class' : 'function');
  return out;
}

/**
 * A package whose `__init__.py` exports nothing (`__version__` alone) is used through its modules
 * (`from starlette.applications import Starlette`): the public classes and functions defined at the
 * top of its public modules, those whose path has no `_`-prefixed part (`_utils.py` is private).
 */
function pyModuleNames(init: string, src: Pick<Sources, 'text'>, productFiles: string[]): ApiItem[] {
  const dir = dirName(init);
  const out: ApiItem[] = [];
  for (const p of [...productFiles].sort()) {
    if (!p.endsWith('.py') || !p.startsWith(`${dir}/`) || p === init) continue;
    if (
      p
        .slice(dir.length + 1)
        .split('/')
        .some((part) => part.startsWith('_') && part !== '__init__.py')
    )
      continue;
    const text = src.text(p);
    if (!text) continue;
    for (const { m, line } of matchesWithLines(text, /^(def|class)\s+([A-Za-z]\w*)/gm))
      out.push({ name: m[2]!, kind: m[1] === 'class' ? 'class' : 'function', path: p, line });
  }
  return out;
}

/** Whether the attributes right above `at` hide an item from the crate's users: `#[doc(hidden)]`, `#[cfg(test)]`. */
function rustHidden(text: string, at: number): boolean {
  // the attribute and comment lines directly above the item, nearest first
  const above = text
    .slice(Math.max(0, at - 2000), at)
    .split('\n')
    .slice(0, -1)
    .reverse();
  for (const raw of above) {
    const l = raw.trim();
    if (/^#\[\s*doc\s*\(\s*hidden\s*\)\s*\]|^#\[\s*cfg\s*\(\s*test\s*\)\s*\]/.test(l)) return true;
    if (!/^(#\[|\/\/)/.test(l)) return false;
  }
  return false;
}

/**
 * `pub` items of a crate root (`pub(crate)` is not public); `pub use a::{b, c}` re-exports count too,
 * each name at its own line. Items under `#[doc(hidden)]` or `#[cfg(test)]` are not for users.
 */
export function rustPubItems(path: string, text: string): ApiItem[] {
  const out: ApiItem[] = [];
  const index = new LineIndex(text);
  for (const { m, line } of matchesWithLines(
    text,
    /^pub\s+(?:async\s+|const\s+|unsafe\s+)*(fn|struct|enum|trait|mod|type|const|static|macro)\s+([A-Za-z_]\w*)/gm,
  ))
    if (!rustHidden(text, m.index)) out.push({ name: m[2]!, kind: m[1]!, path, line });
  for (const { m } of matchesWithLines(text, /^pub\s+use\s+([^\s;][^;]*);/gm)) {
    if (rustHidden(text, m.index)) continue;
    const tree = m[1]!;
    const start = m.index + m[0].indexOf(tree);
    // `a::{b::{C, D}, E as F}`: every leaf, named by its last segment or its alias
    const leaves = tree.includes('{')
      ? [...tree.matchAll(/[^{},]+/g)].filter((l) => !/::\s*$/.test(l[0]))
      : [{ 0: tree, index: 0 }];
    for (const leaf of leaves) {
      const name = leaf[0]
        .split(/\sas\s/)
        .pop()!
        .split('::')
        .pop()!
        .trim();
      const lead = leaf[0].length - leaf[0].trimStart().length;
      if (/^\w+$/.test(name) && name !== 'self')
        out.push({ name, kind: 'use', path, line: index.lineOf(start + leaf.index! + lead) });
    }
  }
  return out;
}

/**
 * Go types whose exported methods users can reach: exported types, unexported ones embedded in an
 * exported struct (their methods are promoted), and unexported ones an exported function returns.
 */
export function goReachableTypes(texts: string[]): (type: string) => boolean {
  const reach = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(/^type\s+([A-Z]\w*)(?:\[[^\]\n]*\])?\s+struct\s*\{([^}]*)\}/gm))
      for (const f of m[2]!.matchAll(/^[ \t]*\*?([a-z_]\w*)(?:[ \t]+`[^`]*`)?[ \t]*(?:\/\/.*)?$/gm))
        reach.add(f[1]!);
    for (const m of text.matchAll(
      /^func[ \t]*(?:\([ \t]*(?:\w+[ \t]+)?\*?(\w+)(?:\[[^\]\n]*\])?[ \t]*\)[ \t]*)?([A-Z]\w*)\s*(?:\[[^\]\n]*\])?\([^)]*\)([^{\n]*)/gm,
    ))
      if (!m[1] || /^[A-Z]/.test(m[1]))
        for (const r of m[3]!.matchAll(/\*?\b([a-z_]\w*)\b/g)) reach.add(r[1]!);
  }
  return (type) => /^[A-Z]/.test(type) || reach.has(type);
}

/**
 * A Go file's exported package-level variables and constants, each at its own line: `var X = …`,
 * `const X …` and every name of a `var ( … )` or `const ( … )` block (`A, B = 1, 2` gives both).
 */
export function goValues(path: string, text: string): ApiItem[] {
  const out: ApiItem[] = [];
  const index = new LineIndex(text);
  const add = (names: string, kind: string, at: number) => {
    for (const n of names.split(','))
      if (/^[A-Z]\w*$/.test(n.trim())) out.push({ name: n.trim(), kind, path, line: index.lineOf(at) });
  };
  for (const m of text.matchAll(/^(var|const)[ \t]+([A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)/gm))
    add(m[2]!, m[1] === 'var' ? 'variable' : 'constant', m.index);
  for (const m of text.matchAll(/^(var|const)[ \t]*\(\n([\s\S]*?)^\)/gm)) {
    const start = m.index + m[0].indexOf('\n') + 1;
    // one level of braces deep: a composite literal's fields are not names of the block
    let depth = 0;
    let offset = start;
    for (const line of m[2]!.split('\n')) {
      if (depth === 0) {
        const d = /^[ \t]*([A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)*)/.exec(line);
        if (d) add(d[1]!, m[1] === 'var' ? 'variable' : 'constant', offset + line.indexOf(d[1]!));
      }
      const code = line.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`|'(?:[^'\\]|\\.)*'|(?<!\/)\/\/.*$/g, '');
      depth = Math.max(0, depth + (code.match(/[{(]/g)?.length ?? 0) - (code.match(/[})]/g)?.length ?? 0));
      offset += line.length + 1;
    }
  }
  return out;
}

/** The receiver type of the Go method declared at `line` (1-based) of `lines`, if one is. */
function goReceiver(lines: string[], line: number): string | undefined {
  return /^func[ \t]*\([ \t]*(?:\w+[ \t]+)?\*?(\w+)/.exec(lines[line - 1] ?? '')?.[1];
}

// the manifests that make a folder a package of its own
const PACKAGE_MANIFEST =
  /^(package\.json|Cargo\.toml|go\.mod|pyproject\.toml|setup\.py|pom\.xml|build\.gradle(\.kts)?|[\w.-]+\.gemspec)$/;

/** The folder of the package a file belongs to: the nearest one above it with a manifest, '' for the root. */
function packageRoot(src: Sources, path: string): string {
  for (let d = dirName(path); d; d = dirName(d))
    if (src.files.some((f) => dirName(f.path) === d && PACKAGE_MANIFEST.test(baseName(f.path)))) return d;
  return '';
}

export function findPublicApi(args: {
  src: Sources;
  facts: ManifestFacts;
  entryPoints: EntryPoint[];
  productFiles: string[];
  symbols: SymbolInfo[];
  routes: Route[];
  application: boolean;
  /** The product is a command-line tool: its parser's options and subcommands are its interface. */
  cli?: boolean;
}): ApiItem[] {
  const { src, facts, entryPoints, productFiles, symbols, routes } = args;
  const out: ApiItem[] = [];
  // what is already listed, by name and kind, and by name, kind, owner and file (looked up, not searched)
  const named = new Set<string>();
  const placed = new Set<string>();
  // a subcommand's option is another than the command's of the same name (`bat cache --help`)
  const key = (a: ApiItem) => `${a.name}\u0000${a.kind}${a.subcommand ? `\u0000${a.subcommand}` : ''}`;
  const add = (a: ApiItem) => {
    out.push(a);
    named.add(key(a));
    placed.add(`${a.name}\u0000${a.kind}\u0000${a.owner ?? ''}\u0000${a.path}`);
  };
  const push = (items: ApiItem[]) => {
    for (const a of items) if (!named.has(key(a))) add(a);
  };
  const product = new Set(productFiles);
  for (const e of entryPoints) {
    const text = src.text(e.path);
    if (!text) continue;
    // a Next.js layout or middleware exports hooks for the framework, not an API for callers
    if (e.how.startsWith('Next.js')) continue;
    if (/\.[cm]?[jt]sx?$/.test(e.path)) push(jsApi(src, e.path));
    else if (baseName(e.path) === '__init__.py') {
      const names = pyExports(e.path, text, src);
      push(names.length ? names : pyModuleNames(e.path, src, productFiles));
    } else if (e.path.endsWith('lib.rs')) push(rustPubItems(e.path, text));
  }
  for (const s of facts.pyScripts)
    push([{ name: s.name, kind: 'command', path: 'pyproject.toml', line: s.line }]);
  const pkg = facts.npm?.pkg;
  if (pkg && pkg.bin && typeof pkg.bin === 'object')
    for (const name of Object.keys(pkg.bin))
      push([{ name, kind: 'command', path: facts.npm!.path, line: 1 }]);
  // Go: the exported identifiers of every product package (an `internal/` one only serves the others,
  // a `main` one is a program): functions, types, the methods of types users can hold, and the
  // package's exported variables and constants
  if (facts.goModule) {
    const goFiles = productFiles.filter((p) => p.endsWith('.go') && !p.endsWith('_test.go'));
    const isMain = (p: string) => /^package\s+main\b/m.test(src.text(p) ?? '');
    const libraries = goFiles.filter((p) => !/(^|\/)internal\//.test(p) && !isMain(p));
    const scope = new Set(libraries.length ? libraries : goFiles.filter((p) => !p.includes('/')));
    // a method is public only when users can hold a value of its receiver type, in its own package
    const byPackage = new Map<string, string[]>();
    for (const p of scope) byPackage.set(dirName(p), [...(byPackage.get(dirName(p)) ?? []), p]);
    const reachable = new Map(
      [...byPackage].map(([d, ps]) => [d, goReachableTypes(ps.map((p) => src.text(p) ?? ''))]),
    );
    const lines = new Map([...scope].map((p) => [p, (src.text(p) ?? '').split('\n')]));
    const items: ApiItem[] = [];
    for (const s of symbols) {
      if (!scope.has(s.path) || !s.exported) continue;
      const owner = s.kind === 'method' ? goReceiver(lines.get(s.path) ?? [], s.line) : undefined;
      if (owner && !reachable.get(dirName(s.path))!(owner)) continue;
      items.push({ name: s.name, kind: s.kind, path: s.path, line: s.line, ...(owner ? { owner } : {}) });
    }
    for (const p of [...scope].sort()) items.push(...goValues(p, src.text(p) ?? ''));
    // two types' methods of one name are two names (`Mux.ServeHTTP` and `ChainHandler.ServeHTTP`)
    for (const a of items)
      if (!placed.has(`${a.name}\u0000${a.kind}\u0000${a.owner ?? ''}\u0000${a.path}`)) add(a);
  }
  // a command-line tool: the options and subcommands of its parser (a Rust binary's always: its
  // crate may also be a library)
  const rustBin = !!facts.cargo?.bins.length || src.has('src/main.rs');
  if (args.cli || rustBin) {
    // cobra commands are often declared in one file and added to the root in another
    const added = new Set(
      productFiles.filter((p) => p.endsWith('.go')).flatMap((p) => cobraAdded(src.text(p) ?? '')),
    );
    for (const p of productFiles) {
      if (!args.cli && !p.endsWith('.rs')) continue;
      const text = src.text(p);
      if (text) push(cliItems(p, text, added));
    }
  }
  // applications: their HTTP routes are what callers use
  if (args.application || !out.length) {
    push(
      routes
        .filter((r) => product.has(r.file))
        .map((r) => ({
          name: r.path,
          kind: `route ${r.method}`,
          path: r.file,
          line: r.line,
          ...(r.handler ? { handler: r.handler } : {}),
        })),
    );
  }
  // a JVM, .NET or PHP library: its public types (internal packages left out); a PHP class's
  // methods are read as functions, so only its types are taken
  if (!out.length && productFiles.some((p) => /\.(java|kt|scala|cs|php)$/.test(p))) {
    const jvm = symbols.filter(
      (s) =>
        s.exported &&
        /\.(java|kt|scala|cs|php)$/.test(s.path) &&
        product.has(s.path) &&
        !/(^|\/)(internal|impl)\//i.test(s.path) &&
        s.kind !== 'method' &&
        (!s.path.endsWith('.php') || s.kind !== 'function'),
    );
    push(jvm.slice(0, API_CAP).map((s) => ({ name: s.name, kind: s.kind, path: s.path, line: s.line })));
  }
  // any other language: what the entry files of the main package declare as exported (a sibling
  // package's entry, a gem kept beside the main one, has a surface of its own); a program's `pub`
  // items (a Rust binary's `main.rs`) are visible to its other files, exported to no one
  if (!out.length) {
    const home = packageRoot(src, entryPoints[0]?.path ?? '');
    const entries = new Set(
      entryPoints
        .filter((e) => !/^binary\b/.test(e.how))
        .map((e) => e.path)
        .filter((p) => packageRoot(src, p) === home),
    );
    push(
      symbols
        .filter((s) => s.exported && entries.has(s.path))
        .slice(0, API_CAP)
        .map((s) => ({ name: s.name, kind: s.kind, path: s.path, line: s.line })),
    );
  }
  markDeprecated(src, out);
  return out;
}

/**
 * Marks the names whose authors mark them deprecated where they are defined (`// Deprecated: Use
 * Dialer instead.` above `func NewClient`): the chapters list them after the rest, and say so.
 */
function markDeprecated(src: Sources, api: ApiItem[]): void {
  const lines = new Map<string, string[] | null>();
  const linesOf = (path: string) => {
    if (!lines.has(path)) {
      const text = src.text(path);
      lines.set(path, text && DEPRECATION.test(text) ? text.split('\n') : null);
    }
    return lines.get(path);
  };
  for (const a of api) {
    const path = a.definedAt?.path ?? a.path;
    const line = a.definedAt?.line ?? a.line;
    const text = linesOf(path);
    if (text && deprecatedAt(text, line, path)) a.deprecated = true;
  }
}
