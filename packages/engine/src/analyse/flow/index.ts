// How the product works, as data: its central abstractions, the calls from its entry points through
// its own functions (and the libraries they hand work to), how it runs work concurrently, and for an
// application which of its types each request handler works with. Writers turn this into sentences.

import { childrenField, interfaceOf, nodeKinds } from './recursive.ts';
import { composers } from './composers.ts';
import { baseClasses, openMethod, subclassFiles } from './base-classes.ts';
import { markOverrides } from './overrides.ts';
import { heldObjects } from './held.ts';
import { inputLanguage } from './language.ts';
import { calledAgain, namedDefault, tempScript } from './step-details.ts';
import { perCallSteps } from './closures.ts';
import { prototypes } from './prototypes.ts';
import { emittedEvents, optionStrategies } from './replaceable.ts';
import { requestState, rewrites } from './request-state.ts';
import { packageRegistrations, packageTables } from './package-hooks.ts';
import { DEPRECATION, deprecationNote, replacementIn } from '../deprecated.ts';
import { codeText } from '../comments.ts';
import { isProductFile } from '../identity/layout.ts';
import { projectReadme } from '../identity/purpose.ts';
import type { Sources } from '../sources.ts';
import type {
  DataEntity,
  Dependency,
  Dispatch,
  FileInfo,
  Flow,
  FlowCall,
  FlowStep,
  Identity,
  MainPathStep,
  Route,
} from '../types.ts';
import {
  callsIn,
  definitions,
  definitionsOf,
  familyOf,
  importBindings,
  type Call,
  type Def,
  type FileModel,
  type Target,
} from './definitions.ts';
import { builtInValues } from './built-ins.ts';
import { classParams, extensionPoints, hookFields } from './extensions.ts';
import { docOf, traceMainPath, withoutAbsentPackages } from './main-path.ts';
import { entryWrappers } from './wrappers.ts';
import { nextRendering } from '../nextjs.ts';
import { serviceClients } from './clients.ts';
import { annotatedBehaviour } from './annotations.ts';
import { selfRetries } from './retries.ts';
import { handlerOutcomes } from './outcomes.ts';
import { switchArms } from './dispatch.ts';
import { markSettingsReads } from './settings-reads.ts';

const MAX_BYTES = 4 * 1024 * 1024;
const MAX_FILES = 600;
const MAX_STEPS = 24;
const MAX_DEPTH = 4;
const SELF = new Set(['this', 'self', 'Self', 'cls', 'super']);
// method names too common to link to a definition from an untyped receiver (`res.end()`)
const GENERIC = new Set(
  'get set has add end send write read close open emit on once off push pop map filter reduce find join split call apply bind then catch next run init update delete remove clear start stop len size keys values items copy clone format parse load dump render error warn info debug log print test main new from into iter collect unwrap expect default equals hashCode toString valueOf Error String Close Write Read Get Set'.split(
    ' ',
  ),
);
// standard modules worth naming in a mechanism: networking, processes, threads
const NOTABLE_STD =
  /^(node:)?(http|https|http2|net|cluster|worker_threads|child_process|stream|events)$|^net\/http$|^os\/exec$|^sync$|^context$|^std::(thread|process|net|sync::mpsc)|^(threading|multiprocessing|concurrent\.futures|asyncio|subprocess|socket|socketserver|http\.server|wsgiref)$|^java\.util\.concurrent/;

const CONCURRENCY: { what: string; re: RegExp }[] = [
  { what: 'threads (`std::thread`)', re: /\bthread::(spawn|scope|Builder)\b/ },
  {
    what: 'a parallel directory walk (`WalkParallel` of the ignore crate)',
    re: /\bbuild_parallel\s*\(|\bWalkParallel\b/,
  },
  { what: 'channels (`crossbeam-channel`)', re: /\bcrossbeam(_channel)?::|\bcrossbeam_channel\b/ },
  { what: 'channels (`std::sync::mpsc`)', re: /\bmpsc::(sync_)?channel\b/ },
  { what: 'rayon parallel iterators', re: /\.par_iter(_mut)?\s*\(|\binto_par_iter\s*\(/ },
  { what: 'async tasks (`tokio::spawn`)', re: /\btokio::spawn\b|#\[tokio::main\]/ },
  { what: 'goroutines', re: /^[ \t]*go[ \t]+(func\b|[\w.]+\()/m },
  // a channel made here; a channel type in a signature (`Done() <-chan struct{}`) only passes one on
  { what: 'channels', re: /\bmake\(\s*chan\b/ },
  { what: '`sync.WaitGroup`', re: /\bsync\.WaitGroup\b|\berrgroup\.Group\b/ },
  { what: 'worker threads (`worker_threads`)', re: /\bnew\s+Worker\s*\(|['"](node:)?worker_threads['"]/ },
  { what: 'concurrent promises (`Promise.all`)', re: /\bPromise\.(all|allSettled|race)\s*\(/ },
  {
    what: 'a thread or process pool (`concurrent.futures`)',
    re: /\b(ThreadPoolExecutor|ProcessPoolExecutor)\b/,
  },
  { what: '`asyncio` tasks', re: /\basyncio\.(gather|create_task|run)\s*\(/ },
  { what: 'threads (`threading`)', re: /\bthreading\.Thread\s*\(/ },
  {
    what: 'an executor service',
    re: /\bExecutors\.new\w+\s*\(|\bExecutorService\b|\bCompletableFuture\b|@Async\b/,
  },
];

const IMPORT_LINE = /^\s*(use|import|from|#include|require)\b|=\s*require\(/;

/** Whether a module path names the project's own code rather than a library. */
function internalModule(module: string, language: string): boolean {
  if (/^\.\.?(\/|$)/.test(module) || /^(crate|super|self)(::|$)/.test(module)) return true;
  return language === 'Python' && module.startsWith('.');
}

const stem = (p: string) =>
  p
    .split('/')
    .pop()!
    .replace(/\.[^.]+$/, '');

/** The names a file's module can be called by: `walk` for src/walk.rs, `exec` for src/exec/mod.rs. */
function moduleNames(p: string): string[] {
  const base = stem(p);
  const dir = p.split('/').slice(-2, -1)[0];
  return ['mod', 'index', '__init__', 'lib'].includes(base) && dir ? [dir] : [base];
}

/** Whether a file is the module a dotted import names (`httpie.core` → `httpie/core.py`, `src/httpie/core.py`). */
export function dottedModule(path: string, module: string): boolean {
  const dotted = path
    .replace(/\.\w+$/, '')
    .replace(/\//g, '.')
    .replace(/\.__init__$/, '');
  return dotted === module || dotted.endsWith(`.${module}`);
}

/** A line with its string literals and (JavaScript-style) regular-expression literals emptied. */
function withoutLiterals(line: string): string {
  if (!/["'`/]/.test(line)) return line;
  return line
    .replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""')
    .replace(
      /(^|[=(,:[!&|?{};]|\breturn)\s*\/(?![/*])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+\/[dgimsuyv]*/g,
      '$1 ""',
    );
}

function countWords(lines: string[]): Map<string, number> {
  const words = new Map<string, number>();
  for (const line of lines)
    for (const w of line.split(/[^A-Za-z0-9_$]+/)) if (w.length > 2) words.set(w, (words.get(w) ?? 0) + 1);
  return words;
}

/** One product file as the flow pass reads it, from its comment-blanked code. */
export function fileModel(
  path: string,
  language: string,
  code: string,
  defs: Def[] = definitions(code, language),
): FileModel {
  const lines = code.split('\n');
  const bare = lines.map(withoutLiterals);
  return {
    path,
    language,
    defs,
    bindings: importBindings(code, language),
    lines,
    bare,
    bareText: bare.join('\n'),
    code,
    words: countWords(bare),
  };
}

export interface FlowInput {
  src: Sources;
  files: FileInfo[];
  identity: Identity;
  routes: Route[];
  dependencies: Dependency[];
  /** The stored data's tables and schemas: a table the main path writes is one of its central types. */
  dataModel?: DataEntity[];
}

const DECLARATION_FILE = /\.d\.[cm]?ts$/;

export function flowPass(input: FlowInput): Flow {
  const { src, identity } = input;
  const rank = new Map(identity.keyComponents.map((k, i) => [k.path, i]));
  // a declaration file (`index.d.ts`) describes the code's types and runs nothing: its signatures,
  // whose parameter types read like calls, are no step of any path
  const candidates = input.files
    .filter(
      (f) =>
        familyOf(f.language) &&
        !f.duplicateOf &&
        f.code > 0 &&
        !DECLARATION_FILE.test(f.path) &&
        isProductFile(f.path, identity),
    )
    .sort((x, y) => (rank.get(x.path) ?? 1e6) - (rank.get(y.path) ?? 1e6) || x.path.localeCompare(y.path));
  const models: FileModel[] = [];
  let budget = MAX_BYTES;
  for (const f of candidates.slice(0, MAX_FILES)) {
    if (f.size > budget) continue;
    const code = codeText(src, f.path, f.language);
    if (!code) continue;
    budget -= f.size;
    const model = fileModel(f.path, f.language!, code, definitionsOf(src, f.path, code, f.language!));
    // the comments that mark a definition deprecated are blanked in the code: read in the file's text
    const raw = src.text(f.path) ?? '';
    if (DEPRECATION.test(raw)) {
      const lines = raw.split('\n');
      for (const d of model.defs) {
        const note = deprecationNote(lines, d.line, f.path);
        if (note === undefined) continue;
        d.deprecated = true;
        const instead = replacementIn(note);
        if (instead && instead !== d.name) d.replacement = instead;
      }
    }
    models.push(model);
  }
  const byPath = new Map(models.map((m) => [m.path, m]));
  const fns = new Map<string, Target[]>();
  const types = new Map<string, Target[]>();
  for (const file of models)
    for (const def of file.defs) {
      const into = def.kind === 'type' ? types : fns;
      into.set(def.name, [...(into.get(def.name) ?? []), { file, def }]);
    }
  const byModule = new Map<string, FileModel[]>();
  for (const m of models)
    for (const n of moduleNames(m.path)) byModule.set(n, [...(byModule.get(n) ?? []), m]);
  const deps = new Set(input.dependencies.map((d) => d.name.toLowerCase().replace(/-/g, '_')));

  // a module named by its own path (`click.shell_completion`, a Java package, a Go package path) is
  // the product's when a product file or folder ends with that path
  // every '/'-suffix of every product file (without extension) and folder, looked up in one step
  const suffixes = (paths: string[]) => {
    const out = new Set<string>();
    for (const p of paths) {
      const segs = p.split('/');
      for (let k = 0; k < segs.length; k++) out.add(segs.slice(k).join('/'));
    }
    return out;
  };
  const stems = suffixes(
    models.map((m) => m.path.replace(/\.[^./]+$/, '').replace(/\/(__init__|index|mod)$/, '')),
  );
  const dirs = suffixes(models.map((m) => m.path.split('/').slice(0, -1).join('/')).filter(Boolean));
  const owned = new Map<string, boolean>();
  const ownModule = (module: string) => {
    let hit = owned.get(module);
    if (hit === undefined) {
      const segs = module.replace(/^\.+/, '').split(/\.|::|\//);
      hit = segs.some(
        (_, i) =>
          stems.has(segs.slice(i).join('/')) || (i < segs.length - 1 && dirs.has(segs.slice(i).join('/'))),
      );
      owned.set(module, hit);
    }
    return hit;
  };
  // a Go import path under the module go.mod declares is one of the product's own packages
  const goModule = /^module\s+(\S+)/m.exec(src.text('go.mod') ?? '')?.[1];
  const internal = (module: string, language: string) =>
    internalModule(module, language) ||
    ownModule(module) ||
    (language === 'Go' && !!goModule && (module === goModule || module.startsWith(`${goModule}/`)));
  /**
   * The package whose value a product module exports under `name`, made there by that package's
   * constructor or factory (`export const stripe = new Stripe(…)` in the module `bound` names).
   */
  const libraryValues = new Map<string, string | undefined>();
  const libraryValue = (name: string, bound: string): string | undefined => {
    const k = `${name}|${bound}`;
    if (libraryValues.has(k)) return libraryValues.get(k);
    const stem = bound.split('/').pop()!;
    const made = new RegExp(
      `^export\\s+(?:const|let|var)\\s+${name.replace(/\$/g, '\\$')}\\s*(?::[^=]*)?=\\s*(?:new\\s+)?([A-Za-z_$][\\w$]*)\\s*[(<]`,
    );
    let out: string | undefined;
    for (const m of byModule.get(stem) ?? []) {
      for (const line of m.bare) {
        const hit = made.exec(line);
        const from = hit ? m.bindings.get(hit[1]!) : undefined;
        if (from && !internal(from, m.language)) out = from;
      }
      if (out) break;
    }
    libraryValues.set(k, out);
    return out;
  };
  const resolve = (call: Call, file: FileModel, from: Def): Target | { module: string } | null => {
    const { name, root } = call;
    // code calls code of its own language family: a Python `User(…)` is never a TSX component
    const family = familyOf(file.language);
    const kin = (ts: Target[] | undefined) => (ts ?? []).filter((t) => familyOf(t.file.language) === family);
    const made = kin(types.get(name));
    // `new X(…)`, `X::new(…)`, or a type called like a function (Python, Kotlin): an X is made
    if (call.creates || (!root && made.length && !kin(fns.get(name)).length)) {
      call.creates = true;
      if (made.length) return made.find((x) => x.file === file) ?? made[0]!;
    }
    // a name counts as defined once over every language (a `get` in Python and in a script is two),
    // and what is found must be of the caller's family
    const found = resolveName(call, file, from);
    return found && 'def' in found && familyOf(found.file.language) !== family ? null : found;
  };
  const resolveName = (call: Call, file: FileModel, from: Def): Target | { module: string } | null => {
    const { name, root, qualifier } = call;
    const local = fns.get(name) ?? [];
    if (!root || SELF.has(root)) {
      const bound = !root ? file.bindings.get(name) : undefined;
      if (bound && !internal(bound, file.language)) return { module: bound };
      // a name imported from another of the product's modules (`from pkg.core import main` inside
      // `main` itself) is that module's, before a definition of the same name in this file
      const imported =
        bound && !root && !bound.includes('/')
          ? local.find((t) => t.file !== file && !t.def.owner && dottedModule(t.file.path, bound))
          : undefined;
      const same =
        local.find((t) => t.file === file && from.owner && t.def.owner === from.owner) ??
        imported ??
        local.find((t) => t.file === file) ??
        (bound || !root
          ? local.find((t) => moduleNames(t.file.path).some((n) => bound?.includes(n)))
          : undefined);
      if (same) return same;
      if (!root && local.length === 1) return local[0]!;
      if (root && local.length === 1 && !GENERIC.has(name)) return local[0]!;
      // `this.compose(…)` where compose was imported and stored on the object
      const member = root ? file.bindings.get(name) : undefined;
      if (member && !internal(member, file.language)) return { module: member };
      return null;
    }
    // a qualifier bound to an import: a library, or one of the project's own modules
    const bound = file.bindings.get(root);
    if (bound && !internal(bound, file.language) && !byModule.has(root)) return { module: bound };
    // a Rust path that starts at a crate: `std::thread::scope`, `crossbeam_channel::bounded`
    const crate = (root === 'std' && root !== qualifier) || (deps.has(root) && !byModule.has(root));
    if (familyOf(file.language) === 'rust' && crate) return { module: root };
    // Type::function, module::function, module.function
    const q = qualifier ?? root;
    // Go: a qualifier bound to one of the product's own package paths (`fzf "…/fzf/src"`) names the
    // package in that folder, whatever the package's clause calls it
    if (bound && file.language === 'Go' && root === q && internal(bound, file.language)) {
      const dirOf = (p: string) => p.split('/').slice(0, -1).join('/');
      const inDir = local.find(
        (t) =>
          !t.def.owner &&
          t.file.language === 'Go' &&
          dirOf(t.file.path) &&
          bound.endsWith(`/${dirOf(t.file.path)}`),
      );
      if (inDir) return inDir;
    }
    const owned = local.find((t) => t.def.owner === q);
    if (owned) return owned;
    const inModule = local
      .filter((t) => moduleNames(t.file.path).includes(q) || moduleNames(t.file.path).includes(root))
      .sort((x, y) => Number(!!x.def.owner) - Number(!!y.def.owner))[0];
    if (inModule) return inModule;
    // a library's client a product module makes and exports (`export const stripe = new Stripe(…)`):
    // its methods are the library's
    const made = bound ? libraryValue(root, bound) : undefined;
    if (made) return { module: made };
    if (bound && internal(bound, file.language)) return local.length === 1 ? local[0]! : null;
    // an untyped receiver: only a name defined once in the product, and not a common one
    if (local.length === 1 && name.length >= 4 && !GENERIC.has(name) && local[0]!.def.kind === 'method')
      return local[0]!;
    return null;
  };

  // where to start: the function at an entry point's line, then the public API's drivers, then its functions
  const starts: Target[] = [];
  const at = (path: string, line: number, name?: string): Target | undefined => {
    const file = byPath.get(path);
    // a name re-exported from the package entry (click's __init__.py) is defined elsewhere
    if (name && !file?.defs.some((d) => d.line >= line && d.line <= line + 3)) {
      const defs = [...(types.get(name) ?? []), ...(fns.get(name) ?? []).filter((t) => !t.def.owner)];
      return defs.sort((x, y) => (rank.get(x.file.path) ?? 1e6) - (rank.get(y.file.path) ?? 1e6))[0];
    }
    if (!file) return undefined;
    // the definition at the line, or just below it (after decorators and annotations)
    const def = file.defs.find((d) => d.line >= line && d.line <= line + 3);
    if (def?.kind === 'type') {
      const main = file.defs.find((m) => m.owner === def.name && m.name === 'main');
      return main ? { file, def: main } : undefined;
    }
    return def ? { file, def } : undefined;
  };
  // a call the README's example makes (`click.option()`, `click.echo()`) is where users start, not
  // where the work is done: traced after the drivers of the public API
  const calledByExample: Target[] = [];
  for (const e of identity.entryPoints) {
    const t = at(e.path, e.line);
    if (t) (e.call ? calledByExample : starts).push(t);
  }
  // conventional names of the methods that drive a program or a framework, most telling first
  const DRIVERS = [
    'main',
    'run',
    'execute',
    'listen',
    'serve',
    'start',
    'handle',
    'dispatch',
    'servehttp',
    'process',
    'build',
    'compile',
    'render',
    'invoke',
    'callback',
    '__call__',
  ];
  const driverRank = (name: string) => {
    const i = DRIVERS.indexOf(name.toLowerCase());
    return i < 0 ? DRIVERS.length : i;
  };
  const DRIVER = { test: (name: string) => driverRank(name) < DRIVERS.length };
  const api = identity.publicApi.map((e) => at(e.path, e.line, e.name)).filter((t): t is Target => !!t);
  // a public type is driven through its conventional methods (Command.main, Application.listen)
  const drivers = api
    .filter((t) => t.def.kind === 'type')
    .flatMap((t) =>
      t.file.defs
        .filter((d) => d.owner === t.def.name && DRIVER.test(d.name))
        .map((def) => ({ file: t.file, def })),
    );
  const functions = api.filter((t) => t.def.kind !== 'type');
  const driven = [...functions.filter((t) => DRIVER.test(t.def.name)), ...drivers].sort(
    (x, y) => driverRank(x.def.name) - driverRank(y.def.name),
  );
  // the drivers of the public API when it has any, else its first functions
  starts.push(...(driven.length ? driven : functions), ...calledByExample);

  const size = (d: Def) => (d.kind === 'type' ? 10 : d.end - d.line);
  const productCalls = (t: Target): Target[] =>
    callsIn(t.file.bare, t.def.line, t.def.end, t.def.name, t.file.language)
      .map((c) => resolve(c, t.file, t.def))
      .filter((r): r is Target => !!r && 'def' in r && r.def !== t.def);
  const reaches = new Map<Def, number>();
  const reach = (t: Target): number => {
    let r = reaches.get(t.def);
    if (r === undefined) {
      r = size(t.def) + (t.def.kind === 'type' ? 0 : Math.max(0, ...productCalls(t).map((c) => size(c.def))));
      reaches.set(t.def, r);
    }
    return r;
  };
  const steps: FlowStep[] = [];
  const visited = new Set<Def>();
  const visit = (t: Target, depth: number) => {
    if (visited.has(t.def) || steps.length >= MAX_STEPS) return;
    visited.add(t.def);
    const product: { call: Call; target: Target }[] = [];
    const external: FlowCall[] = [];
    const seen = new Set<unknown>();
    for (const call of callsIn(t.file.bare, t.def.line, t.def.end, t.def.name, t.file.language)) {
      const r = resolve(call, t.file, t.def);
      if (!r) continue;
      if ('module' in r) {
        const key = `${r.module}.${call.name}`;
        if (seen.has(key) || external.length >= 4) continue;
        seen.add(key);
        if (
          !deps.has(r.module.split(/[/:.]/)[0]!.toLowerCase().replace(/-/g, '_')) &&
          !deps.has(r.module.toLowerCase().replace(/-/g, '_')) &&
          !NOTABLE_STD.test(r.module) &&
          !moduleDependency(r.module, deps)
        )
          continue;
        external.push({
          name: call.name,
          line: call.line,
          from: r.module,
          ...(call.creates ? { creates: true } : {}),
        });
      } else if (r.def !== t.def && !seen.has(r.def)) {
        seen.add(r.def);
        product.push({ call, target: r });
      }
    }
    // calls into other files (the structure) and long bodies (the work) tell the mechanism; a thin
    // wrapper counts with the biggest function it calls
    const weight = (x: Target) => reach(x) * (x.file === t.file ? 1 : 3);
    const byWeight = [...product].sort((x, y) => weight(y.target) - weight(x.target));
    const kept = new Set(byWeight.slice(0, 7).map((p) => p.target.def));
    product.splice(0, product.length, ...product.filter((p) => kept.has(p.target.def)));
    if (!product.length && !external.length) return;
    steps.push({
      name: t.def.name,
      ...(t.def.owner ? { owner: t.def.owner } : {}),
      path: t.file.path,
      line: t.def.line,
      depth,
      weight: reach(t),
      calls: [
        ...product.map(({ call, target }) => ({
          name: target.def.name,
          ...(target.def.owner ? { owner: target.def.owner } : {}),
          line: call.line,
          path: target.file.path,
          target: target.def.line,
          ...(call.creates || target.def.kind === 'type' ? { creates: true } : {}),
        })),
        ...external,
      ],
    });
    if (depth >= MAX_DEPTH) return;
    // follow the biggest callees first; a few-line helper is named, not traced
    for (const { target } of byWeight)
      if (kept.has(target.def) && target.def.kind !== 'type' && size(target.def) >= 3)
        queue.push({ target, depth: depth + 1 });
  };
  // breadth first, so every function one call from an entry is traced before any two calls away
  const queue = starts.slice(0, 3).map((target) => ({ target, depth: 0 }));
  for (let i = 0; i < queue.length && steps.length < MAX_STEPS; i++) visit(queue[i]!.target, queue[i]!.depth);

  const dependency = (module: string) =>
    deps.has(module.split(/[/:.]/)[0]!.toLowerCase().replace(/-/g, '_')) ||
    deps.has(module.toLowerCase().replace(/-/g, '_')) ||
    moduleDependency(module, deps);
  const notable = (module: string) => dependency(module) || NOTABLE_STD.test(module);
  const traced = traceMainPath({
    models,
    types,
    fns,
    resolve,
    notable,
    dependency,
    rank: new Map(
      Object.entries(identity.fileRanks ?? {})
        .sort((x, y) => y[1] - x[1])
        .map(([p], i) => [p, i]),
    ),
    kind: identity.kind,
    entryPoints: identity.entryPoints,
    publicApi: identity.publicApi,
    routes: input.routes,
    selfNames: selfNames(src),
    raw: (p) => src.text(p),
    readme: readmeText(src),
  });
  const mainPath = perCallSteps(requestState(traced, models), models);

  markOverrides(mainPath, types, fns, new Set(identity.publicApi.map((e) => e.name)));
  for (const st of mainPath) {
    const def = st.external ? undefined : byPath.get(st.path)?.defs.find((d) => d.line === st.line);
    const found = def && transactionIn(byPath.get(st.path)!.bare, def.line, def.end);
    if (found) st.transaction = found;
  }
  // what a step's caller, body and the product's named defaults add to the calls it makes
  mainPath.forEach((st) => {
    if (st.external) return;
    const file = byPath.get(st.path);
    const def = file?.defs.find((d) => d.line === st.line && d.kind !== 'type');
    if (!file || !def) return;
    const from = st.from !== undefined ? mainPath[st.from] : undefined;
    const callerFile = from && !from.external ? byPath.get(from.path) : undefined;
    const callerDef = callerFile?.defs.find((d) => d.line === from!.line && d.kind !== 'type');
    const again =
      callerFile && callerDef ? calledAgain({ file: callerFile, def: callerDef }, st.name) : undefined;
    if (again) st.again = again;
    const script = tempScript(file, def.line, def.end);
    if (script) st.script = script;
    const fallback = namedDefault(models, st.name);
    if (fallback) st.defaults = fallback;
  });
  // the language the path reads, where a step hands its input to stages that lex and parse it
  const stages = mainPath.flatMap((st) => st.stages ?? []);
  const stageFiles = stages.flatMap((st) => (types.get(st.split('.')[0]!) ?? []).map((t) => t.file.path));
  const language = inputLanguage(models, stages, stageFiles);
  const wrappedBy = mainPath[0] ? entryWrappers(models, mainPath[0]) : [];
  if (wrappedBy.length) mainPath[0]!.wrappedBy = wrappedBy;

  // the central types in their authors' words
  const onPath = pathTypes(mainPath, types);
  const stored = new Set((input.dataModel ?? []).filter((d) => d.store !== 'schema').map((d) => d.name));
  const central = abstractions(
    models,
    identity,
    types,
    fns,
    onPath,
    signatureTypes(mainPath, models, types),
    stored,
  );
  const segments = new Set(input.files.flatMap((f) => f.path.replace(/\.\w+$/, '').split('/')));
  const holds = (name: string) => segments.has(name);
  for (const a of central) {
    const file = byPath.get(a.path);
    const def = file?.defs.find((d) => d.line === a.line);
    const found = file && def ? docOf(src.text(a.path), def, file.language) : undefined;
    const doc = found && withoutAbsentPackages(found, holds);
    if (doc) a.doc = doc;
    // a type holding more of itself is a tree's node: that shape is the design
    const children =
      file?.language === 'Go' ? childrenField(src.text(a.path) ?? '', a.name, a.line) : undefined;
    if (children) a.children = children;
    // a tree's nodes come in kinds (static, param, catch-all…) where the code enumerates them
    const kinds = children ? nodeKinds(src.text(a.path) ?? '', a.name, a.line) : undefined;
    if (kinds) a.kinds = kinds;
    const declares =
      file?.language === 'Go' ? interfaceOf(src.text(a.path) ?? '', a.name, a.line) : undefined;
    if (declares) {
      a.declares = declares;
      a.methods = declares.methods.length;
    }
    // a base the product derives from in several files: the plug-ins a family of packages holds,
    // and the method it leaves them, in its authors' words
    const files = file && def ? subclassFiles(models, a.name) : [];
    if (files.length >= 2) {
      const open = openMethod({ file: file!, def: def! });
      const said = open && docOf(src.text(a.path), open, file!.language);
      a.subclassed = {
        files,
        ...(open ? { open: { name: open.name, line: open.line, ...(said ? { doc: said } : {}) } } : {}),
      };
    }
  }

  markSettingsReads(mainPath, central, models);

  const extensionInput = {
    models,
    mainPath,
    central: central.map((t) => t.name),
    publicNames: new Set(identity.publicApi.map((e) => e.name)),
    readme: readmeText(src),
    raw: (p: string) => src.text(p),
  };
  const extensions = extensionPoints(extensionInput);
  const registrations = packageRegistrations(models, mainPath);
  const tables = packageTables(models, mainPath);
  const options = optionStrategies(models);
  const protos = prototypes(models, mainPath);
  const events = emittedEvents(models, extensionInput.central);
  const hooks = hookFields(extensionInput);
  const classes = classParams(extensionInput);
  // what an attaching method (a mount) does to the state the main path keeps in the request
  const inRequest = mainPath.find((s) => s.context)?.context;
  const built = composers(models, extensionInput.central).map((c) => {
    const file = c.attaches && inRequest ? byPath.get(c.attaches.path) : undefined;
    const changed = file && inRequest ? rewrites(file, c.attaches!.line, inRequest) : [];
    return changed.length ? { ...c, attaches: { ...c.attaches!, rewrites: changed } } : c;
  });
  // the families users extend, past the types the report already tells: the central ones it lists,
  // what a registration point takes, and the classes a `cls=` parameter builds
  const told = new Set([
    ...central.slice(0, 5).map((t) => t.name),
    ...extensions.flatMap((p) => (p.contract ? [p.contract.type.split(/[<[]/)[0]!.split('.').pop()!] : [])),
    ...classes.map((c) => c.default),
  ]);
  const families = baseClasses(
    models,
    types,
    told,
    extensionInput.publicNames,
    (t) => {
      const found = docOf(src.text(t.file.path), t.def, t.file.language);
      return found && withoutAbsentPackages(found, holds);
    },
    (p) => src.text(p),
  );

  // what the types the path runs through keep of a library across calls: a pool, a client
  const held = heldObjects([...new Set(onPath)].slice(0, 4), types, dependency);
  const owner = mainPath[0]?.owner;
  const builtIns = owner ? builtInValues(models, owner) : [];

  const rendering = nextRendering(
    src,
    input.files.filter((f) => isProductFile(f.path, identity)).map((f) => f.path),
  );

  const clients = serviceClients(models, dependency);
  const annotated = annotatedBehaviour(models);
  const retries = selfRetries(models);
  // the handler the main path enters: the first step that handles a route
  const handler = mainPath.find((s) => /^handles /.test(s.note ?? ''));
  const handlerFile = handler ? models.find((m) => m.path === handler.path) : undefined;
  const outcomes = handler && handlerFile ? handlerOutcomes(handlerFile, handler.line) : [];
  // the first step of the path that picks its work by a value's kind, with the product's functions each arm calls
  let dispatch: Dispatch | undefined;
  for (const s of mainPath) {
    const m = s.external ? undefined : models.find((x) => x.path === s.path);
    const d = m?.defs.find((x) => x.line === s.line && x.kind !== 'type');
    dispatch = m && d ? switchArms(m, d.line, d.end, (n) => fns.has(n)) : undefined;
    if (dispatch) {
      dispatch.step = { name: s.name, path: s.path };
      break;
    }
  }

  return {
    ...(rendering ? { rendering } : {}),
    ...(clients.length ? { clients } : {}),
    ...(retries.length ? { retries } : {}),
    ...(outcomes.length ? { outcomes } : {}),
    ...(dispatch ? { dispatch } : {}),
    ...(annotated.caches.length || annotated.validators.length ? { annotated } : {}),
    abstractions: central,
    steps,
    mainPath,
    defines: defines(models, identity, mainPath, central, (p) => src.text(p), extensionInput.readme),
    concurrency: concurrency(models),
    ...(extensions.length ? { extensions } : {}),
    ...(language.length ? { language } : {}),
    ...(hooks ? { hooks } : {}),
    ...(classes.length ? { classParams: classes } : {}),
    ...(families.length ? { bases: families } : {}),
    ...(held.length ? { held } : {}),
    ...(built.length ? { composers: built } : {}),
    ...(builtIns.length ? { builtIns } : {}),
    ...(registrations.length ? { registrations } : {}),
    ...(tables.length ? { tables } : {}),
    ...(options.length ? { options } : {}),
    ...(protos.length ? { prototypes: protos } : {}),
    ...(events.length ? { events } : {}),
    handlers: handlers(models, input.routes, types),
  };
}

/** Where code opens a database transaction: Django's `transaction.atomic`, an ORM's `.transaction(…)` or `$transaction(…)`. */
const TRANSACTION = /\btransaction\.atomic\b|\$transaction\s*\(|\.transaction\s*\(/;
/** Where it locks the rows it reads until the transaction ends: `select_for_update`, `with_for_update`, `FOR UPDATE`. */
const ROW_LOCK = /\b(select_for_update|with_for_update)\s*\(|\bFOR UPDATE\b/;

/**
 * The transaction a definition opens, and the row lock it takes inside it, from its body without
 * comments (lines `from`…`to`, 1-based): what makes its read-then-write safe against a second
 * request doing the same at once.
 */
export function transactionIn(
  bare: readonly string[],
  from: number,
  to: number,
): MainPathStep['transaction'] | undefined {
  let open: { line: number; opener: string } | undefined;
  for (let i = from - 1; i < Math.min(to, bare.length); i++) {
    const line = bare[i]!;
    const t = !open && TRANSACTION.exec(line);
    if (t) open = { line: i + 1, opener: t[0].split('(')[0]!.trim() };
    const l = open && ROW_LOCK.exec(line);
    if (open && l) return { ...open, lock: { line: i + 1, call: l[1] ?? l[0] } };
  }
  return open;
}

/** The root README's text: its examples show which of the product's methods users call. */
function readmeText(src: Sources): string {
  const readme = projectReadme(src);
  return (readme && src.text(readme)) ?? '';
}

/** The names the product calls itself by: its Cargo crate (`just::run`) or npm package. */
function selfNames(src: Sources): Set<string> {
  const out = new Set<string>();
  const cargo = src.text('Cargo.toml') ?? '';
  for (const m of cargo.matchAll(/^\[(?:package|lib)\][^[]*?^name\s*=\s*"([\w-]+)"/gm))
    out.add(m[1]!.replace(/-/g, '_'));
  const npm = /"name"\s*:\s*"([\w@/.-]+)"/.exec(src.text('package.json') ?? '');
  if (npm) out.add(npm[1]!);
  return out;
}

/** A dependency named by a module path: `github.com/spf13/pflag` for pflag, `org.springframework…`. */
function moduleDependency(module: string, deps: Set<string>): boolean {
  const parts = module.toLowerCase().split(/[/.:]/);
  return parts.some((p) => p.length > 2 && deps.has(p.replace(/-/g, '_')));
}

/** Names of the well-known parts of a program's machinery. */
const MACHINERY =
  /(Lexer|Tokenizer|Scanner|Parser|Compiler|Analy[sz]er|Evaluator|Interpreter|Executor|Scheduler|Dispatcher|Router|Renderer|Resolver|Planner|Optimizer|Walker|Transport|Adapter)$/;

/** Product files, besides its own, whose functions take a type as a parameter before it is shared by every stage. */
const SHARED_RECEIVERS = 4;

/**
 * The product files other than the type's own that declare a function taking the type as a parameter
 * (`fn matches(&self, config: &Config)`, `func (x) Run(cfg *Config)`, a Python callback nested in
 * another function): the stages it is handed to. The parameters are read between the parentheses
 * after the function's name, so `pub(crate)` or a Go receiver is no parameter list.
 */
export function receivers(models: FileModel[], name: string, home: string): string[] {
  const param = new RegExp(
    String.raw`[(,]\s*(?:[\w]+\s*:\s*)?(?:&\s*)?(?:'\w+\s+)?(?:mut\s+)?\*?${name}\b(?!\s*::)`,
  );
  // Go writes a parameter's name before its type (`r *request`), and only the package that declares an
  // unexported type can take one
  const goParam = new RegExp(String.raw`[(,]\s*\w+(?:\s*,\s*\w+)*\s+(?:\*|\[\])*(?:\w+\.)?${name}\b`);
  const homeDir = home.slice(0, home.lastIndexOf('/') + 1);
  const files: string[] = [];
  for (const m of models) {
    if (m.path === home || !m.words.has(name)) continue;
    const go = m.language === 'Go';
    if (go && !/^[A-Z]/.test(name) && m.path.slice(0, m.path.lastIndexOf('/') + 1) !== homeDir) continue;
    const heads = m.defs.filter((d) => d.kind !== 'type').map((d) => ({ line: d.line, name: d.name }));
    // a function defined inside another is no definition of the file's, but takes parameters all the same
    if (m.language === 'Python')
      m.bare.forEach((l, i) => {
        const nested = /^\s+(?:async\s+)?def\s+(\w+)\s*\(/.exec(l);
        if (nested) heads.push({ line: i + 1, name: nested[1]! });
      });
    const takes = heads.some((d) => {
      const head = m.bare.slice(d.line - 1, d.line + 5).join(' ');
      const at = head.indexOf(d.name);
      const params = parameterList(head, at < 0 ? 0 : at + d.name.length);
      return params !== null && (go ? goParam : param).test(params);
    });
    if (takes) files.push(m.path);
  }
  return files;
}

/** The text from the first `(` at or after `from` to its matching `)`, both included; null without one. */
function parameterList(text: string, from: number): string | null {
  const open = text.indexOf('(', from);
  if (open < 0) return null;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/**
 * The product types the main path's steps declare they take or return (`send(self, request:
 * PreparedRequest) -> Response`), the one the most steps name first, then in path order. The
 * signature runs from the definition's line to the one that opens its body.
 */
export function signatureTypes(
  mainPath: MainPathStep[],
  models: FileModel[],
  types: Map<string, unknown>,
): string[] {
  const byPath = new Map(models.map((m) => [m.path, m]));
  const counts = new Map<string, number>();
  for (const s of mainPath) {
    if (s.external || /^made by/.test(s.note ?? '')) continue;
    const file = byPath.get(s.path);
    if (!file) continue;
    let end = s.line - 1;
    while (end < Math.min(file.bare.length - 1, s.line + 14) && !/[:{]\s*$/.test(file.bare[end]!)) end++;
    const head = file.bare.slice(s.line - 1, end + 1).join(' ');
    const open = head.indexOf('(');
    if (open < 0) continue;
    const named = new Set(
      (head.slice(open).match(/\b[A-Z]\w*/g) ?? []).filter((w) => types.has(w) && w !== s.owner),
    );
    for (const w of named) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  // a Map keeps the order names were first met: the sort is stable among equal counts
  return [...counts].sort((x, y) => y[1] - x[1]).map(([w]) => w);
}

/** The types defined in the most central files, by how often the rest of the product names them. */
/**
 * The types the unit of work runs through, in path order: the owners of its steps, and the types it
 * makes on the way (the request context built for every request and handed to every handler).
 */
export function pathTypes(mainPath: MainPathStep[], types: Map<string, unknown>): string[] {
  return mainPath.flatMap((st) =>
    // a parser a derive macro writes (`Arguments::try_parse_from`) reads the command line into its
    // type; the run's work does not go through that type's own code
    st.external || st.derived ? [] : st.owner ? [st.owner] : types.has(st.name) ? [st.name] : [],
  );
}

/**
 * The `fn new` constructors of a Rust type's impl blocks: `X::new(…)` is read as making an X, so they
 * are no definitions of the flow model, yet they are methods of the type.
 */
export function rustConstructors(models: FileModel[], name: string): number {
  let n = 0;
  const head = new RegExp(String.raw`^impl(?:<[^>]*>)?\s+${name}(?:<[^>]*>)?\s*\{`);
  for (const m of models) {
    if (m.language !== 'Rust') continue;
    let inside = false;
    for (const line of m.bare) {
      if (head.test(line)) inside = true;
      else if (inside && line.startsWith('}')) inside = false;
      else if (inside && /^\s+(?:pub(?:\([\w:]+\))? )?(?:const )?fn new[(<]/.test(line)) n++;
    }
  }
  return n;
}

/**
 * A type with no methods that no code constructs, reaches into or derives from (`Name(`, `Name.`,
 * `Name{`, `Name::`, `class X(Name)`) is only ever named in annotations: a request subclass typed for
 * its `user` attribute tells the type checker what a value holds, and is no abstraction the code is
 * built on, however many handlers name it.
 */
export function onlyNamedAsType(models: FileModel[], name: string, at: Target): boolean {
  const used = new RegExp(String.raw`\b${name}\s*(?:[({.]|::)`);
  for (const m of models) {
    if (m.defs.some((d) => d.bases?.includes(name))) return false;
    for (const [i, line] of m.bare.entries())
      if (!(m === at.file && i + 1 === at.def.line) && line.includes(name) && used.test(line)) return false;
  }
  return true;
}

// what a language's errors are called and built on (Error, HttpException, BaseException, Throwable)
const ERROR_NAME = /(?:Error|Exception|Throwable)$/;

/** A type that is an error: named as one, or built on one. */
export function isErrorType(name: string, bases: readonly string[] = []): boolean {
  return ERROR_NAME.test(name) || bases.some((b) => ERROR_NAME.test(b.split('<')[0]!.split('.').pop()!));
}

/** Methods a type with a two-letter name must have to be one of the central types. */
const SHORT_NAME_METHODS = 5;

export function abstractions(
  models: FileModel[],
  identity: Identity,
  types: Map<string, Target[]>,
  fns: Map<string, Target[]>,
  /** Owners of the main path's steps, in path order. */
  onPath: string[] = [],
  /** The product types the steps' signatures name, the most named first (see signatureTypes). */
  handed: string[] = [],
  /** Types the database stores as tables (ORM models), by name. */
  stored: ReadonlySet<string> = new Set(),
): Flow['abstractions'] {
  // a file playing a side role (a compatibility shim, one plug-in of many) lends no type to the centre
  const central = new Set(
    identity.keyComponents
      .filter((k) => !identity.sideRoles?.[k.path])
      .slice(0, 8)
      .map((k) => k.path),
  );
  const out: Flow['abstractions'] = [];
  const shared = new Set<string>();
  for (const [name, defs] of types) {
    // a type named for a well-known part of a program's machinery (a Lexer, a Parser, a Router…), or
    // one whose methods carry the unit of work (a Session sending each request), is central wherever
    // it lives; so is the value every stage is handed (a resolved `Config` the walker, the filters
    // and the output all take)
    const handedTo = defs[0] ? receivers(models, name, defs[0].file.path) : [];
    // a file playing a side role (a compatibility shim, one plug-in of many) makes no stage of the work
    if (handedTo.filter((f) => !identity.sideRoles?.[f]).length >= SHARED_RECEIVERS) shared.add(name);
    const def =
      defs.find((d) => central.has(d.file.path)) ??
      (MACHINERY.test(name) || onPath.includes(name) || shared.has(name) ? defs[0] : undefined);
    if (!def || name.startsWith('_')) continue;
    // an error type reports that the work failed: the product raises it everywhere, so it is named
    // often, yet no request or call is built on it (an `HttpException` every controller throws)
    if (isErrorType(name, def.def.bases) && !onPath.includes(name)) continue;
    // methods of that name's type, not those of another type of the same name in a file of its own
    // (a sibling package's `Base`)
    const others = new Set(defs.filter((d) => d.file !== def.file).map((d) => d.file));
    // Go declares a type's methods in its own package, and only that package sees an unexported type
    // (each handler package's `handler`): files elsewhere name something else
    const go = def.file.language === 'Go';
    const dir = def.file.path.slice(0, def.file.path.lastIndexOf('/') + 1);
    const inPackage = (m: FileModel) => m.path.slice(0, m.path.lastIndexOf('/') + 1) === dir;
    const sees = (m: FileModel) => !go || /^[A-Z]/.test(name) || inPackage(m);
    const methods =
      [...fns.values()].flat().filter(
        (t) =>
          t.def.owner === name &&
          !others.has(t.file) &&
          (!go || inPackage(t.file)) &&
          // a JavaScript class's `constructor` makes the object, and a `get`/`set` accessor reads
          // like a field: neither is one of the methods it offers
          !(
            /^(?:Java|Type)Script$/.test(t.file.language) &&
            (t.def.name === 'constructor' ||
              /^\s*(?:static\s+)?(?:get|set)\s+#?[\w$]+\s*\(/.test(t.file.lines[t.def.line - 1] ?? ''))
          ),
      ).length + rustConstructors(models, name);
    // a name of two letters is a type parameter or an abbreviation, unless its class carries behaviour
    // (ky's `Ky`, a `DB` with its queries): then it is the product's own machinery
    if (name.length < 3 && methods < SHORT_NAME_METHODS) continue;
    let uses = 0;
    // a file that defines the name itself (reopens a Ruby module, declares a type of its own) does not use it
    for (const m of models) if (m !== def.file && !others.has(m) && sees(m)) uses += m.words.get(name) ?? 0;
    if (!methods && onlyNamedAsType(models, name, def)) continue;
    // a Ruby module without methods only names the types inside it (`module Rack`): a namespace
    if (
      !methods &&
      def.file.language === 'Ruby' &&
      /^\s*module\s/.test(def.file.lines[def.def.line - 1] ?? '')
    )
      continue;
    // a JavaScript class whose constructor makes members (`this[method] = (…) => …`, `this.use =
    // (…) => …`) has more than its declared methods: no count of them tells its interface
    const ctor = [...(fns.get('constructor') ?? [])].find((t) => t.def.owner === name && t.file === def.file);
    const madeAtRunTime =
      !!ctor &&
      ctor.file.lines
        .slice(ctor.def.line - 1, ctor.def.end)
        .some((l) =>
          /\bthis(?:\[[^\]]+\]|\.[\w$]+)\s*=\s*(?:async\s*)?(?:function\b|(?:\([^)]*\)|[\w$]+)\s*=>)/.test(l),
        );
    out.push({
      name,
      path: def.file.path,
      line: def.def.line,
      ...(def.def.bases?.length ? { bases: def.def.bases } : {}),
      methods,
      ...(madeAtRunTime ? { membersAtRunTime: true as const } : {}),
      uses,
      // the value the stages are handed: which files take it is what makes it the hub
      ...(shared.has(name) && def === defs[0] ? { takenBy: handedTo } : {}),
    });
  }
  // the first three types the unit of work runs through lead, in the order the path meets them, then
  // the program's named machinery (its Lexer, Parser, Adapter), then the value every stage is handed
  // (a resolved configuration), then the rest by use
  // one type per file leads: a second type of the same file the path meets (the output buffer a
  // worker's receive step makes) is that file's helper, and yields its place to the shared value
  // so does a type past the first that the path calls on once and that few stages are handed (the
  // step that locates the input file), when a type met later carries several steps (the compiled
  // input the work is run on)
  // a stored record the path writes (the row each request inserts) is no helper: it leads beside the
  // model that writes it, though both live in one models file
  const leading: string[] = [];
  const leadFiles = new Set<string>();
  const distinct = [...new Set(onPath)];
  const steps = (name: string) => onPath.filter((n) => n === name).length;
  const passing = (name: string, i: number) =>
    i > 0 && steps(name) === 1 && !shared.has(name) && distinct.slice(i + 1).some((n) => steps(n) >= 2);
  for (const [i, name] of distinct.entries()) {
    if (leading.length === 3) break;
    const file = types.get(name)?.[0]?.file.path;
    if ((file && leadFiles.has(file) && !stored.has(name)) || passing(name, i)) continue;
    if (file) leadFiles.add(file);
    leading.push(name);
  }
  // the values the path's steps take and return (the prepared request a `send` takes, the response
  // it returns) come after the named machinery, the one most steps name first: the list is "led by
  // those its main path runs through". A base a leading type derives from (the adapter interface of
  // the adapter the path runs through) is that type again: it takes no place before them.
  // Machinery only its own file names (an HTML-to-text parser behind one helper function) is that
  // file's helper, not a part of the program's machinery
  const leadBases = new Set(leading.flatMap((n) => (types.get(n) ?? []).flatMap((t) => t.def.bases ?? [])));
  const handedRank = (name: string) => handed.indexOf(name) / (handed.length + 1);
  const pathRank = (x: { name: string; uses: number }) => {
    const i = leading.indexOf(x.name);
    if (i >= 0) return i;
    if (MACHINERY.test(x.name) && x.uses > 0 && !leadBases.has(x.name)) return 3;
    if (handed.includes(x.name)) return 4 + handedRank(x.name);
    return shared.has(x.name) ? 5 : 6;
  };
  const alternatives = alternativeMachinery(models, identity, out);
  return out
    .filter((x) => x.uses + x.methods >= 5 && !alternatives.has(x.name))
    .sort(
      (x, y) =>
        pathRank(x) - pathRank(y) ||
        // a base comes before the types built on it: the contract a family of plug-ins extends
        Number(!!x.bases?.includes(y.name)) - Number(!!y.bases?.includes(x.name)) ||
        y.uses + y.methods - (x.uses + x.methods) ||
        x.path.localeCompare(y.path),
    )
    .slice(0, 8);
}

/**
 * Of a family of interchangeable machinery (five routers of one interface), the members the
 * product's entry does not build: `new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })`
 * in the file the README's example calls makes those three the default, and a `LinearRouter` only a
 * preset builds, or a `PreparedRegExpRouter` only users build, is an alternative, not the centre. A
 * family the entry builds none of (plug-ins the configuration picks) is left as it is.
 */
function alternativeMachinery(
  models: FileModel[],
  identity: Identity,
  types: { name: string }[],
): Set<string> {
  const entries = new Set(identity.entryPoints.filter((e) => !/"exports"/.test(e.how)).map((e) => e.path));
  const families = new Map<string, string[]>();
  for (const { name } of types) {
    const kind = MACHINERY.exec(name)?.[1];
    if (kind) families.set(kind, [...(families.get(kind) ?? []), name]);
  }
  const out = new Set<string>();
  for (const names of families.values()) {
    if (names.length < 3) continue;
    const built = names.filter((n) =>
      models.some(
        (m) => entries.has(m.path) && new RegExp(`\\bnew ${n}\\b|\\b${n}::new\\b`).test(m.bareText),
      ),
    );
    if (built.length) for (const n of names) if (!built.includes(n)) out.add(n);
  }
  return out;
}

/**
 * What the most central files define: the names the main path runs through first (requests' `get`
 * in api.py), then the central and other public types, then the longest public functions. The files
 * are those that can lead the key components: the first by use, the main path's and the central types'.
 */
function defines(
  models: FileModel[],
  identity: Identity,
  mainPath: MainPathStep[] = [],
  central: Flow['abstractions'] = [],
  /** A file's text with its comments, for what its authors say of each definition. */
  raw?: (path: string) => string | null,
  /** The root README's text: the calls its example makes are the names users write. */
  readme = '',
): Flow['defines'] {
  const out: Flow['defines'] = [];
  const publicNames = new Set(identity.publicApi.map((e) => e.name));
  // a call in the README's example: `.option(`, `@click.command(`, ` use(`
  const called = new Map<string, boolean>();
  // the plain names the README calls, found in one search: what the search for each name would find
  let plain: Set<string> | undefined;
  const readmeCalls = (name: string) => {
    if (/^[\w$]+$/.test(name))
      return (
        !!readme &&
        (plain ??= new Set([...readme.matchAll(/[.\s@]([\w$]+)\s*\(/g)].map((m) => m[1]!))).has(name)
      );
    let hit = called.get(name);
    if (hit === undefined)
      called.set(
        name,
        (hit = !!readme && new RegExp(String.raw`[.\s@]${name.replace(/[$]/g, '\\$')}\s*\(`).test(readme)),
      );
    return hit;
  };
  const onPath = mainPath.filter((s) => !s.external);
  const files = [
    ...new Set([
      ...identity.keyComponents.slice(0, 10).map((k) => k.path),
      ...onPath.map((s) => s.path),
      ...central.map((t) => t.path),
    ]),
  ];
  for (const path of files) {
    const file = models.find((m) => m.path === path);
    if (!file) continue;
    const typeNamed = (name: string) => file.defs.some((d) => d.kind === 'type' && d.name === name);
    const longest = (xs: Def[]) => [...xs].sort((x, y) => y.end - y.line - (x.end - x.line));
    // a type declared inside a function's body (a parser's `enum State`) is that function's detail
    const local = (d: Def) => file.defs.some((f) => f.kind !== 'type' && f.line < d.line && d.end <= f.end);
    const types = file.defs.filter((d) => d.kind === 'type' && !local(d));
    const fns = longest(file.defs.filter((d) => d.kind !== 'type' && !(d.owner && typeNamed(d.owner))));
    // a file of one type is told by what that type does: its longest methods
    const methods = types.length === 1 ? longest(file.defs.filter((d) => d.owner === types[0]!.name)) : [];
    // the main path's own steps here, by the names the file defines (a function handed in is not one)
    const stepNames = onPath
      .filter((s) => s.path === path && !s.handedIn)
      .flatMap((s) =>
        s.owner && typeNamed(s.owner)
          ? [s.owner]
          : file.defs.some((d) => d.name === s.name)
            ? [typeNamed(s.name) ? s.name : `${s.name}()`]
            : [],
      );
    const centralNames = central.filter((t) => t.path === path).map((t) => t.name);
    // a getter or setter is read as a property (`ctx.host`), never called: named without "()"; a
    // closure declared inside another function's body is no part of what the file offers
    const named = (d: Def) => (isAccessor(file, d) ? d.name : `${d.name}()`);
    // a method is named with its type (`HelpFormatter.write_usage()`): alone it reads as a function
    const method = (d: Def) => `${d.owner}${path.endsWith('.rs') ? '::' : '.'}${named(d)}`;
    const all = [
      ...new Set([
        ...stepNames,
        ...centralNames,
        ...types.map((t) => t.name),
        ...methods.map(method),
        ...fns.filter((f) => !isLocalClosure(file, f)).map((f) => (f.owner ? method(f) : named(f))),
      ]),
    ];
    // private names (`_compat` helpers, `#fields`, Go's lower-case names, constructors) and interface
    // boilerplate (`Less()`, `toJSON()`) say least about what a file offers: they are named only when
    // the file has nothing else, or when the report names them as central types (chi's `node`)
    const bare = (name: string) => name.replace(/\(\)$/, '').replace(/^[\w$]+(?:\.|::)/, '');
    const hidden = (name: string) => !centralNames.includes(name) && isPrivateName(bare(name), file.language);
    // what its authors mark as kept only for old callers (`Deprecated:`, "should be removed") is not
    // what the file is for: told last, after every name in use
    let lines: string[] | undefined;
    // each name's definition, a function or method before a type of the same name, looked up once
    const byName = new Map<string, Def>();
    for (const x of file.defs) {
      const had = byName.get(x.name);
      if (!had || (had.kind === 'type' && x.kind !== 'type')) byName.set(x.name, x);
    }
    const retiredNames = new Map<string, boolean>();
    const retired = (name: string) => {
      let hit = retiredNames.get(name);
      if (hit !== undefined) return hit;
      const d = byName.get(bare(name));
      hit = !!d && RETIRED.test(commentAbove((lines ??= (raw?.(path) ?? '').split('\n')), d.line));
      retiredNames.set(name, hit);
      return hit;
    };
    // the names the package offers its users (its public API) come before helpers the file keeps for
    // itself (`ParamTypeInfoDict`), after the main path's steps and the central types
    const lead = new Set([...stepNames, ...centralNames]);
    const offered = (name: string) =>
      lead.has(name) || publicNames.has(bare(name)) || publicNames.has(name.replace(/\(\)$/, ''));
    const open = all.filter((n) => !hidden(n));
    // of the public names, those the README's example calls lead (`command`, `option` before the
    // longer `version_option`): they are what users write; the order above holds among the rest
    const shown = (n: string) => !lead.has(n) && offered(n) && readmeCalls(bare(n));
    const byApi = [
      ...open.filter((n) => lead.has(n)),
      ...open.filter(shown),
      ...open.filter((n) => !lead.has(n) && offered(n) && !shown(n)),
    ];
    // of the rest, a file's largest types lead: in a module users import by itself (a test runner's
    // module, which the package root does not export), the biggest class is what it is for, and the
    // small ones it defines first are that class's plumbing
    // a class's extent runs to its last method's end (a Python class's definition is its first line)
    const size = (name: string) => {
      const d = types.find((t) => t.name === name);
      if (!d) return -1;
      const end = Math.max(d.end, ...file.defs.filter((m) => m.owner === name).map((m) => m.end));
      return end - d.line;
    };
    const rest = open.filter((n) => !offered(n));
    const restTypes = rest.filter((n) => size(n) >= 0).sort((x, y) => size(y) - size(x));
    const kept = [...byApi, ...restTypes, ...rest.filter((n) => size(n) < 0)];
    const ranked = [...kept.filter((n) => !retired(n)), ...kept.filter(retired)];
    // a file offering only private helpers and interface boilerplate (`Less()`, `Len()`) has nothing
    // to tell a reader of what it does: it is left out rather than described by them
    const names = ranked.slice(0, 4);
    if (names.length) out.push({ path, names });
  }
  return out;
}

/** `get host () {`, `set body (val) {`, or a Python method under `@property` / `@x.setter`. */
export function isAccessor(file: FileModel, def: Def): boolean {
  const line = file.lines[def.line - 1] ?? '';
  if (/^\s*(?:static\s+)?(?:get|set)\s+[\w$#]+\s*\(/.test(line)) return true;
  const above = (file.lines[def.line - 2] ?? '').trim();
  return /^@(?:property|(?:functools\.)?cached_property|[\w.]+\.(?:setter|getter|deleter))\b/.test(above);
}

/** `const addKey = (k, v) => …` inside another function's body: a JS closure, not a definition of the file. */
function isLocalClosure(file: FileModel, def: Def): boolean {
  return (
    !def.owner &&
    def.indent > 0 &&
    familyOf(file.language) === 'js' &&
    /^\s*(?:const|let|var)\s/.test(file.lines[def.line - 1] ?? '')
  );
}

/** A name its language or its author marks as no part of what a file offers to the rest. */
/** What authors write of a definition kept only for old callers. */
const RETIRED =
  /\bDeprecated\b|@deprecated|should be removed|to be removed|kept (?:only )?for (?:backwards? )?compatibility|exists only for compatibility|\bunused by\b/i;

/**
 * The comments right above line `line` (1-based) of a file's text: the doc block and any block a
 * blank line above it (`// FIXME Gt is unused…` over Gt's own doc comment).
 */
function commentAbove(lines: string[], line: number): string {
  const out: string[] = [];
  for (let i = line - 2; i >= 0; i--) {
    const l = lines[i]!;
    if (/^\s*(\/\/|\*|\/\*|#)/.test(l)) out.unshift(l);
    else if (l.trim() || !/^\s*(\/\/|\*\/?|#)/.test(lines[i - 1] ?? '')) break;
  }
  return out.join('\n');
}

function isPrivateName(name: string, language: string): boolean {
  return (
    /^[_#]/.test(name) ||
    /^(constructor|__init__|init|new|drop|fmt|default|clone|eq|hash)$/.test(name) ||
    /^(Less|Len|Swap|String|toString|toJSON|inspect|__repr__|__str__|hashCode|equals|compareTo)$/.test(
      name,
    ) ||
    (language === 'Go' && /^[a-z]/.test(name))
  );
}

function concurrency(models: FileModel[]): Flow['concurrency'] {
  const out: Flow['concurrency'] = [];
  for (const { what, re } of CONCURRENCY) {
    // a whole-file test first: most files hold none of these
    const holders = models.filter((m) => re.test(m.bareText) || re.test(m.code));
    for (const m of holders) {
      // where the work is done rather than where the module is imported, when both are there
      // in code, not in a string or a regular expression that merely names the primitive; an
      // import names its module in a string, so an import line is read as it is
      const hits = m.lines.flatMap((l, i) =>
        re.test(m.bare[i]!) || (re.test(l) && IMPORT_LINE.test(l)) ? [i] : [],
      );
      const i = hits.find((h) => !IMPORT_LINE.test(m.lines[h]!)) ?? hits[0] ?? -1;
      if (i < 0) continue;
      const when = guardOf(m.bare, i);
      out.push({
        what,
        path: m.path,
        line: i + 1,
        files: holders.filter((x) => re.test(x.bareText)).length,
        ...(when ? { when } : {}),
      });
      break;
    }
  }
  // a Go channel in a product that starts no goroutine is a lock or a signal (`mu chan struct{}`, made
  // with one slot and used as a mutex): nothing runs at the same time through it
  if (!out.some((c) => c.what === 'goroutines'))
    return out.filter((c) => c.what !== 'channels' && c.what !== '`sync.WaitGroup`');
  return out;
}

/**
 * The condition of the `if` block a line sits in directly (`if dependent.is_parallel() {`): the work
 * there runs only when it holds. Undefined when the nearest enclosing block is anything else.
 */
function guardOf(bare: string[], i: number): string | undefined {
  const indent = (l: string) => /^\s*/.exec(l)![0].replace(/\t/g, '    ').length;
  const own = indent(bare[i]!);
  for (let j = i - 1; j >= 0 && j >= i - 200; j--) {
    const l = bare[j]!;
    if (!l.trim() || indent(l) >= own) continue;
    const t = l.trim();
    if (!/^if\s/.test(t) || !t.endsWith('{')) return undefined;
    const cond = t.slice(2, -1).trim();
    // `if (x) {` in C-like languages: the brackets are the syntax, not the condition
    return cond.length <= 80 ? cond.replace(/^\(([^()]*)\)$/, '$1') : undefined;
  }
  return undefined;
}

/** For each file that declares product routes, the product types it works with, most used first. */
function handlers(models: FileModel[], routes: Route[], types: Map<string, Target[]>): Flow['handlers'] {
  const byFile = new Map<string, Route[]>();
  for (const r of routes)
    if (!r.area || r.area === 'product') byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const out: Flow['handlers'] = [];
  for (const [path, rs] of byFile) {
    const file = models.find((m) => m.path === path);
    if (!file) continue;
    const uses = [...types]
      .map(([name, defs]) => ({ name, def: defs[0]!, n: file.words.get(name) ?? 0 }))
      .filter((u) => u.n > 0 && u.def.file !== file)
      .sort((x, y) => y.n - x.n || x.name.localeCompare(y.name))
      .slice(0, 5)
      .map((u) => ({
        name: u.name,
        path: u.def.file.path,
        line: u.def.def.line,
        ...(u.def.def.bases?.length ? { bases: u.def.def.bases } : {}),
      }));
    out.push({
      path,
      routes: rs.length,
      ...(rs[0] ? { example: `${rs[0].method} ${rs[0].path}` } : {}),
      uses,
    });
  }
  return out.sort((x, y) => y.routes - x.routes || x.path.localeCompare(y.path)).slice(0, 12);
}
