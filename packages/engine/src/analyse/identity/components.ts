// How the key components use each other: for the product's most central files, which names one
// file takes from another (mux.go uses tree.go's `node` and `FindRoute`). This is what the
// component diagram draws; a name counts only where exactly one of these files defines it.

import type {
  ComponentLinks,
  Flow,
  Identity,
  ImportInfo,
  MainPathStep,
  Route,
  SymbolInfo,
} from '../types.ts';
import { listedExports } from '../tree-sitter.ts';
import { SCAN_CHARS } from './rank.ts';

/** The most central files a diagram can show and still be read. */
export const MAX_COMPONENTS = 8;
/** Below this many product code files, each file's role is told rather than a ranking of them. */
export const RANKED_FROM = 10;
/** Routes a file declares before it is told by them (a URL map). */
export const ROUTE_MAP_MIN = 3;

/**
 * The key components the report names and the diagram draws, one list for both: the central files in
 * their order that there is something to say about (a header comment, the per-request object the file
 * is the prototype of, the routes it maps, what it defines, the main path's steps in it), the first
 * eight where the files are ranked, all of them where the product has too few files to rank.
 */
export function centralFiles(
  identity: Identity,
  flow: Pick<Flow, 'defines' | 'prototypes'> | undefined,
  routes: Route[],
): { paths: string[]; ranked: boolean } {
  const told = (k: Identity['keyComponents'][number]) =>
    !!k.summary ||
    !!flow?.prototypes?.some((p) => p.path === k.path) ||
    !!flow?.defines.find((d) => d.path === k.path)?.names.length ||
    routes.filter((r) => r.file === k.path && (!r.area || r.area === 'product')).length >= ROUTE_MAP_MIN ||
    !!identity.mainPath?.some((s) => s.path === k.path && !s.external && !s.handedIn);
  const files = Object.keys(identity.centrality ?? {}).length;
  const ranked = !(files > 0 && files < RANKED_FROM);
  const paths = identity.keyComponents.filter(told).map((k) => k.path);
  return { paths: ranked ? paths.slice(0, MAX_COMPONENTS) : paths, ranked };
}
/** Arrows each file keeps (its strongest uses, what runs first), and names printed on an arrow. */
const EDGES_PER_FILE = 3;
const NAMES_PER_EDGE = 2;
/** Arrows in all: the strongest, so the picture stays readable at page width. */
const MAX_EDGES = 12;
/** Further run-time arrows a file may take where the picture has room under MAX_EDGES. */
const ROOM_EXTRA = 2;

// a method's name is written on a value of any type (`pool.Get()`, `r.Header.Get`): a use of it says
// nothing of which file's type is meant, so only types and functions link files
const MODULE_SCOPED = /\.(?:[cm]?[jt]sx?|rs)$/;

/** How often a file names another's name, and how often it calls or builds it there. */
interface Use {
  uses: number;
  calls: number;
}

// files whose imports bind names to the modules they import
const BINDS = /\.(?:py|[cm]?[jt]sx?)$/;
// languages where a name after a dot is a member of some value, unless a module's name is before it
const MEMBERS_AFTER_DOT = /\.(?:py|[cm]?[jt]sx?|go)$/;

const KINDS = new Set<SymbolInfo['kind']>([
  'function',
  'class',
  'interface',
  'type',
  'enum',
  'struct',
  'trait',
]);

/**
 * A name worth printing, and unlikely to be an ordinary word of another file: capitalised,
 * camelCase or snake_case, or long (`request`, `routes` and `content` are said everywhere).
 */
function telling(name: string): boolean {
  if (name.startsWith('_') || name.length < 3) return false;
  return /[A-Z]/.test(name) || /[a-z0-9]_[a-z0-9]/i.test(name) || name.length >= 10;
}

export function componentLinks(
  files: string[],
  text: (p: string) => string | null,
  symbols: SymbolInfo[],
  imports: ImportInfo[],
  mainPath: MainPathStep[] = [],
  ranked = true,
  /**
   * Main-path files whose steps read the value every stage is handed, each with the file defining it
   * (`from\0to`): that use is kept before weaker arrows (fd's walker reading `Config`).
   */
  hubReads: ReadonlySet<string> = new Set(),
): ComponentLinks {
  // each file's text read once, however many of its names are looked at
  const texts = new Map<string, string | null>();
  const read = text;
  text = (p) => {
    if (!texts.has(p)) texts.set(p, read(p));
    return texts.get(p)!;
  };
  // and split into lines once, for the declarations looked at
  const split = new Map<string, string[]>();
  const linesOf = (p: string) => {
    if (!split.has(p)) split.set(p, (text(p) ?? '').split('\n'));
    return split.get(p)!;
  };
  // the names each JavaScript module exports by a list or a default export of its own
  const listed = new Map<string, Set<string>>();
  const visibleElsewhere = (s: SymbolInfo, declared: string, path: string): boolean => {
    // a Rust item declared `pub(crate)` or `pub(super)` is the crate's
    if (path.endsWith('.rs')) return /^[ \t]*pub\b/.test(declared);
    if (!listed.has(path)) listed.set(path, listedExports(text(path) ?? ''));
    return listed.get(path)!.has(s.name);
  };
  const nodes = ranked ? files.slice(0, MAX_COMPONENTS) : files;
  const inSet = new Set(nodes);
  // what a JavaScript module passes on from others (`export { X } from './x'`, `export * from './y'`)
  const reexports = new Map<string, Map<string, string[]>>();
  const passes = (file: string): Map<string, string[]> => {
    let out = reexports.get(file);
    if (out) return out;
    out = new Map();
    reexports.set(file, out);
    // the text has its strings blanked: each re-export is found at the line its import is recorded on
    const lines = (text(file) ?? '').split('\n');
    for (const i of imports) {
      if (i.from !== file || !i.resolved) continue;
      // a statement over several lines is recorded at its first or its last
      const at = lines.slice(Math.max(0, i.line - 6), i.line).join(' ');
      const e = /\bexport\s+(?:type\s+)?(\{[^}]*\}|\*)\s*from\b[^;]*$/.exec(at);
      if (!e) continue;
      const names =
        e[1] === '*'
          ? ['*']
          : e[1]!
              .slice(1, -1)
              .split(',')
              .map((p) =>
                p
                  .trim()
                  .replace(/^type\s+/, '')
                  .split(' as ')
                  .pop()!
                  .trim(),
              )
              .filter(Boolean);
      for (const n of names) out.set(n, [...(out.get(n) ?? []), i.resolved]);
    }
    return out;
  };
  // the central file a name comes from through files that pass it on, at most three deep
  const passedOn = (file: string, name: string, depth = 0): string | undefined => {
    const m = passes(file);
    for (const target of [...(m.get(name) ?? []), ...(m.get('*') ?? [])]) {
      if (inSet.has(target)) return target;
      const further = depth < 2 ? passedOn(target, name, depth + 1) : undefined;
      if (further) return further;
    }
    return undefined;
  };
  const definers = new Map<string, Set<string>>();
  for (const s of symbols) {
    if (!inSet.has(s.path) || !KINDS.has(s.kind) || !telling(s.name)) continue;
    // where a module exports what others may use (JavaScript, TypeScript, Rust), a name it keeps to
    // itself is no other file's: a type of the same name elsewhere (`Stripe.Subscription`) is another
    const lines = linesOf(s.path);
    const declared = lines[s.line - 1] ?? '';
    if (!s.exported && MODULE_SCOPED.test(s.path) && !visibleElsewhere(s, declared, s.path)) continue;
    // a Rust function declared inside an `impl` or a trait (indented) is a method or an associated
    // function: other files call it on a value or through its type, never by its bare name
    if (s.path.endsWith('.rs') && s.kind === 'function' && /^[ \t]/.test(declared)) continue;
    // an item compiled only for the tests (`#[cfg(test)] fn test_lex`) is the tests', not the product's
    if (s.path.endsWith('.rs') && /^[ \t]*#\[cfg\(test\)\]/.test(lines[s.line - 2] ?? '')) continue;
    const set = definers.get(s.name) ?? new Set<string>();
    set.add(s.path);
    definers.set(s.name, set);
  }
  const kindOf = new Map<string, SymbolInfo['kind']>();
  for (const s of symbols)
    if (definers.get(s.name)?.has(s.path) && KINDS.has(s.kind)) kindOf.set(`${s.path}\0${s.name}`, s.kind);
  const candidates: (ComponentLinks['edges'][number] & { runtime: boolean; mainPath?: boolean })[] = [];
  for (const from of nodes) {
    let full = text(from);
    if (!full) continue;
    // names a Python file imports for its type annotations only (`if TYPE_CHECKING:`) never run
    const annotationOnly = from.endsWith('.py') ? typeCheckingLines(full) : new Set<number>();
    // and the names imported there are used in annotations only, wherever they are written
    const annotations = new Set<string>();
    if (annotationOnly.size) {
      const lines = full.split('\n');
      for (const n of annotationOnly) {
        const imported = /^\s*from\s+\S+\s+import\s+\(?([^)#]*)/.exec(lines[n - 1]!)?.[1];
        for (const part of imported?.split(',') ?? []) {
          // `A as B` binds B: the last word
          const name = part.trim().split(/\s/).pop();
          if (name) annotations.add(name);
        }
      }
      full = lines.map((l, i) => (annotationOnly.has(i + 1) ? '' : l)).join('\n');
    }
    // a Rust file's test module (`#[cfg(test)] mod tests`) uses what the tests use, not the product
    if (from.endsWith('.rs')) {
      const tests = /^[ \t]*#\[cfg\(test\)\][ \t]*\n[ \t]*(?:pub(?:\([^)\n]*\))?[ \t]+)?mod[ \t]/m.exec(full);
      if (tests) full = full.slice(0, tests.index);
    }
    const t = full.length > SCAN_CHARS ? full.slice(0, SCAN_CHARS) : full;
    const uses = new Map<string, Map<string, Use>>(); // definer → name → uses
    const add = (to: string, name: string, call: boolean) => {
      const names = uses.get(to) ?? new Map<string, Use>();
      const u = names.get(name) ?? { uses: 0, calls: 0 };
      u.uses++;
      if (call) u.calls++;
      names.set(name, u);
      uses.set(to, names);
    };
    // in Rust a name after a dot is a field or method of some value (paths use `::`): no use of a
    // file's function or type
    const members = from.endsWith('.rs') ? new Set([...memberNames(t), ...outsideNames(t)]) : undefined;
    // the names a JavaScript, TypeScript or Python file binds to a central file by importing it
    const bound = BINDS.test(from)
      ? importBindings(
          t,
          imports.filter(
            (i) =>
              i.from === from &&
              i.resolved &&
              inSet.has(i.resolved) &&
              i.resolved !== from &&
              !annotationOnly.has(i.line),
          ),
        )
      : {
          names: new Map<string, string>(),
          types: new Map<string, string>(),
          spans: [] as [number, number][],
        };
    // a name imported from a file that only passes it on (`export { SmartRouter } from './router'` in
    // an index) is the central file's that defines it
    if (BINDS.test(from) && !from.endsWith('.py')) {
      const via = importBindings(
        t,
        imports.filter(
          (i) =>
            i.from === from &&
            i.resolved &&
            !inSet.has(i.resolved) &&
            i.resolved !== from &&
            !annotationOnly.has(i.line),
        ),
      );
      for (const [n, r] of via.names) {
        const to = passedOn(r, n);
        if (to && to !== from) bound.names.set(n, to);
      }
      for (const [n, r] of via.types) {
        const to = passedOn(r, n);
        if (to && to !== from) bound.types.set(n, to);
      }
      bound.spans.push(...via.spans);
    }
    const go = from.endsWith('.go') ? goReading(t, from, imports, text) : undefined;
    // JavaScript has no types: every use of what it imports runs
    const dynamic = /\.[cm]?jsx?$/.test(from);
    for (const m of t.matchAll(/[A-Za-z0-9_$]+/g)) {
      const w = m[0];
      const at = m.index;
      // a name imported for the annotations and again where it runs (inside a function) runs
      if (members?.has(w) || (annotations.has(w) && !bound.names.has(w))) continue;
      const dotted = t[at - 1] === '.';
      const qualifier = dotted
        ? /(?<![A-Za-z0-9_$])[A-Za-z0-9_$]+$/.exec(t.slice(Math.max(0, at - 80), at - 1))?.[0]
        : undefined;
      const next = t.slice(at + w.length, at + w.length + 40);
      const call = isCall(t, at, w, next);
      const to = bound.names.get(w);
      if (to && !dotted) {
        if (!bound.spans.some(([a, b]) => at >= a && at < b)) add(to, w, call || dynamic);
        continue;
      }
      // in a language whose files import what they use (JavaScript, TypeScript, Python), a name no
      // import binds is the file's own or a global, whatever another file of the same name defines
      // (a class named like the one it extends under an alias, a type parameter `Props`); only a
      // module bound by an import and written before the dot (`types.Route`) says whose it is
      if (BINDS.test(from) && !(dotted && qualifier && bound.names.has(qualifier))) {
        // a name imported for its type only (`import type { Props } from './base'`) links to that file
        const typed = !dotted && bound.types.get(w);
        if (typed && !bound.spans.some(([a, b]) => at >= a && at < b)) add(typed, w, false);
        continue;
      }
      const defs = definers.get(w);
      if (!defs || defs.size !== 1) continue;
      const target = [...defs][0]!;
      if (target === from) continue;
      // a member written on some value (`route.Pattern`, `self.Route`) is the value's, whatever a type
      // of that name elsewhere is; only a module named before the dot says whose it is
      if (dotted && MEMBERS_AFTER_DOT.test(from) && !(qualifier && bound.names.has(qualifier)) && !go)
        continue;
      if (
        go &&
        !go.uses(w, at, target, kindOf.get(`${target}\0${w}`), dotted ? (qualifier ?? '') : undefined, call)
      )
        continue;
      // a method's or a Python function's own name (`def Route(self)`) declares, it does not use
      if (!go && /^\s*(?:async\s+)?def\s+$/.test(t.slice(t.lastIndexOf('\n', at) + 1, at))) continue;
      add(target, w, call || (dynamic && !dotted));
    }
    // an import of the file, with no name of it in use, still links the two
    for (const imp of imports)
      if (
        imp.from === from &&
        imp.resolved &&
        inSet.has(imp.resolved) &&
        imp.resolved !== from &&
        !annotationOnly.has(imp.line) &&
        !uses.has(imp.resolved)
      )
        uses.set(imp.resolved, new Map());
    for (const [to, names] of uses) {
      const ranked = [...names].sort((a, b) => b[1].uses - a[1].uses || a[0].localeCompare(b[0]));
      // the names printed: those worth printing, the most used first
      const printable = ranked.filter(([n]) => telling(n) || bound.names.get(n) === to);
      // the module itself (`from . import types`, `const request = require('./request')`) says less
      // than a name taken from it, and is printed only where none is
      const stem = to.slice(to.lastIndexOf('/') + 1).replace(/\.\w+$/, '');
      const own = printable.filter(([n]) => n !== stem);
      const shown = own.length ? own : printable;
      candidates.push({
        from,
        to,
        names: shown.slice(0, NAMES_PER_EDGE).map(([n]) => n),
        weight: Number(
          (ranked.reduce((s, [, u]) => s + Math.sqrt(u.uses) + Math.sqrt(u.calls), 0) || 1).toFixed(2),
        ),
        runtime: ranked.some(([, u]) => u.calls > 0),
      });
    }
  }
  // the main path's hand-offs between central files (`main.rs` calls walk.rs's `scan`) come first,
  // named by the call, whatever the names the diagram reads
  for (const [from, to, name] of handOffs(mainPath, inSet)) {
    const c = candidates.find((e) => e.from === from && e.to === to);
    if (c) {
      c.names = [name, ...c.names.filter((n) => n !== name)].slice(0, NAMES_PER_EDGE);
      c.mainPath = true;
    }
    // in a language whose files import what they use, a hand-off with no import behind it is a call
    // through a field typed by an interface (`this.router.match`): the file that wires the default
    // in carries that arrow, not this one
    else if (!BINDS.test(from))
      candidates.push({ from, to, names: [name], weight: 1, runtime: true, mainPath: true });
  }
  // a main-path file whose steps read the value every stage is handed (the walker reading the resolved
  // `Config`) shows how the work reaches what it runs on: kept next, though it only names the type;
  // one such arrow into the value's file, the strongest, so that the pipeline's own arrows stay
  const readers = candidates
    .filter((c) => hubReads.has(`${c.from}\0${c.to}`))
    .sort((a, b) => Number(b.runtime) - Number(a.runtime) || b.weight - a.weight);
  const hubArrows = new Set<(typeof candidates)[number]>();
  for (const c of readers) if (![...hubArrows].some((h) => h.to === c.to)) hubArrows.add(c);
  const central = (c: (typeof candidates)[number]) => hubArrows.has(c);
  // what runs comes first: a file whose functions another calls, or whose types it builds, outranks
  // one it names only in its types; then the more names and calls
  const order = (a: (typeof candidates)[number], b: (typeof candidates)[number]) =>
    Number(!!b.mainPath) - Number(!!a.mainPath) ||
    Number(central(b)) - Number(central(a)) ||
    Number(b.runtime) - Number(a.runtime) ||
    b.weight - a.weight ||
    a.from.localeCompare(b.from) ||
    a.to.localeCompare(b.to);
  candidates.sort(order);
  const kept = new Map<string, number>();
  const chosen = new Set<(typeof candidates)[number]>();
  const take = (c: (typeof candidates)[number]) => {
    chosen.add(c);
    kept.set(c.from, (kept.get(c.from) ?? 0) + 1);
  };
  // the main path's hand-offs first, then the strongest uses under each file's cap
  for (const c of candidates) if (c.mainPath && chosen.size < MAX_EDGES) take(c);
  for (const c of candidates) {
    if (chosen.size >= MAX_EDGES) break;
    if (chosen.has(c)) continue;
    const n = kept.get(c.from) ?? 0;
    // two arrows a file, and a third where it runs or reaches a central type
    if (n >= EDGES_PER_FILE || (n >= EDGES_PER_FILE - 1 && !c.runtime && !central(c))) continue;
    take(c);
  }
  // then no box stands alone where a use links it: its strongest arrow, from a file with room for it
  // if one has the use, in place of the weakest arrow whose files keep another
  const ends = (n: string) => [...chosen].filter((c) => c.from === n || c.to === n).length;
  for (const n of nodes) {
    if (ends(n)) continue;
    const incident = candidates.filter((c) => c.from === n || c.to === n);
    const best = incident.find((c) => (kept.get(c.from) ?? 0) < EDGES_PER_FILE) ?? incident[0];
    if (!best) continue;
    if (chosen.size >= MAX_EDGES) {
      const weakest = candidates.findLast(
        (c) => chosen.has(c) && !c.mainPath && ends(c.from) > 1 && ends(c.to) > 1,
      );
      if (!weakest) continue;
      chosen.delete(weakest);
      kept.set(weakest.from, kept.get(weakest.from)! - 1);
    }
    take(best);
  }
  // a box whose drawn arrows in only name it (a test helper patching one of its attributes) gets the
  // strongest call into it, in place of the weakest such naming arrow elsewhere: click's core.py
  // building formatting.py's `HelpFormatter` rather than testing.py setting its `FORCED_WIDTH`
  for (const n of nodes) {
    const into = [...chosen].filter((c) => c.to === n);
    if (!into.length || into.some((c) => c.runtime)) continue;
    const call = candidates.find(
      (c) =>
        c.to === n && c.runtime && !chosen.has(c) && (kept.get(c.from) ?? 0) < EDGES_PER_FILE + ROOM_EXTRA,
    );
    if (!call) continue;
    take(call);
    if (chosen.size <= MAX_EDGES) continue;
    // with the call drawn, the naming arrow into the same box may be the one to go
    const weakest =
      candidates.findLast(
        (c) => chosen.has(c) && c !== call && !c.mainPath && !c.runtime && ends(c.from) > 1 && ends(c.to) > 1,
      ) ?? call;
    chosen.delete(weakest);
    kept.set(weakest.from, kept.get(weakest.from)! - 1);
  }
  // where the picture has room left, a file's further run-time uses come in, strongest first: the cap
  // keeps one busy file from crowding the others out, not a call from being drawn (chi's mux.go
  // building each request's handler through chain.go)
  for (const c of candidates) {
    if (chosen.size >= MAX_EDGES) break;
    if (chosen.has(c) || !c.runtime || (kept.get(c.from) ?? 0) >= EDGES_PER_FILE + ROOM_EXTRA) continue;
    take(c);
  }
  // drawn in the order of importance, whichever pass chose them
  const edges: ComponentLinks['edges'] = candidates
    .filter((c) => chosen.has(c))
    .map((c) => ({ from: c.from, to: c.to, names: c.names, weight: c.weight }));
  return { nodes, edges, ...(ranked ? {} : { unranked: true }) };
}

/**
 * Names a Rust text writes only after a dot (`x.max_results()`) or declares itself as a field or
 * parameter (`working_directory: PathBuf`, `self.working_directory`): its own values' members.
 */
function memberNames(text: string): string[] {
  const dotted = new Set<string>();
  const declared = new Set<string>();
  const bare = new Set<string>();
  for (const m of text.matchAll(/[A-Za-z0-9_$]+/g)) {
    const next = text.slice(m.index + m[0].length, m.index + m[0].length + 2);
    if (text[m.index - 1] === '.') dotted.add(m[0]);
    else if (/^\s*:(?!:)/.test(next) || /^:[^:]/.test(next)) declared.add(m[0]);
    else bare.add(m[0]);
  }
  return [...new Set([...dotted, ...declared])].filter((n) => declared.has(n) || !bare.has(n));
}

/** Names a Rust file takes from another crate (`use std::fs::FileType;`): not any file of this one. */
function outsideNames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^[ \t]*(?:pub(?:\([^)\n]*\))?[ \t]+)?use[ \t]+([^;]{1,2000});/gm)) {
    const path = m[1]!.trim();
    if (/^(?:crate|super|self)\b/.test(path)) continue;
    // the crate's name, then every name the tree brings in
    out.push(...(path.match(/[A-Za-z_]\w*/g) ?? []).slice(1).filter((n) => n !== 'self' && n !== 'as'));
  }
  // and what is named through them: `fs::FileType` after `use std::fs;`
  const modules = new Set(out);
  for (const m of text.matchAll(/\b([a-z_]\w*)::([A-Za-z_]\w*)/g)) if (modules.has(m[1]!)) out.push(m[2]!);
  return out;
}

/** The 1-based lines of a Python file's `if TYPE_CHECKING:` blocks, the `if` included. */
function typeCheckingLines(text: string): Set<number> {
  const out = new Set<number>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const head = /^([ \t]*)if[ \t]+(?:[A-Za-z_]\w*\.)?TYPE_CHECKING[ \t]*:/.exec(lines[i]!);
    if (!head) continue;
    out.add(i + 1);
    const indent = head[1]!.length;
    for (let j = i + 1; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trim() && l.length - l.trimStart().length <= indent) break;
      out.add(j + 1);
    }
  }
  return out;
}

/**
 * Whether a name at `at` is called or built there: `Name(`, `new Name`, `Name::new(` (Rust), a
 * composite or struct literal `Name{` (Go) or `Name {` (Rust, not a declaration's or a return type's).
 */
function isCall(t: string, at: number, w: string, next: string): boolean {
  if (/^\s*\(/.test(next) || /^::\w+\s*\(/.test(next)) return true;
  const before = t.slice(Math.max(0, at - 12), at);
  // a class built on another (`class Hono extends HonoBase`) runs the other's constructor with its own
  if (/\b(?:new|extends)\s+$/.test(before)) return true;
  if (next.startsWith('{')) return true;
  return (
    /^[ \t]\{/.test(next) &&
    /^[A-Z]/.test(w) &&
    !/(?:\b(?:impl|for|struct|enum|trait|mod|type)|->|:)\s*$/.test(before)
  );
}

/**
 * The names a file's imports of central files bind (`const request = require('./request')`,
 * `import { compose } from './compose'`, `from .parser import _OptionParser`, `from . import types`),
 * each to the file imported, and where the import statements are, so that they are not counted as uses.
 * A TypeScript `import type` binds only types, which never run, and links through its names as before.
 */
function importBindings(
  t: string,
  imports: ImportInfo[],
): { names: Map<string, string>; types: Map<string, string>; spans: [number, number][] } {
  const names = new Map<string, string>();
  const types = new Map<string, string>();
  const spans: [number, number][] = [];
  const starts = [0];
  for (let i = t.indexOf('\n'); i >= 0; i = t.indexOf('\n', i + 1)) starts.push(i + 1);
  for (const imp of imports) {
    let line = imp.line - 1;
    // a statement over several lines may be recorded at its last: look back to its keyword
    for (let k = 0; k < 30 && line > 0 && !/\b(?:import|require)\b/.test(lineAt(t, starts, line)); k++)
      line--;
    const start = starts[line];
    if (start === undefined) continue;
    const stop = statementEnd(t, start);
    const statement = t.slice(start, stop);
    spans.push([start, stop]);
    for (const n of boundNames(statement)) names.set(n, imp.resolved!);
    for (const n of typeNames(statement)) types.set(n, imp.resolved!);
  }
  return { names, types, spans };
}

function lineAt(t: string, starts: number[], i: number): string {
  return t.slice(starts[i] ?? t.length, (starts[i + 1] ?? t.length + 1) - 1);
}

/** Where an import statement that begins at `start` ends: at its line's end, or its closing bracket. */
function statementEnd(t: string, start: number): number {
  const eol = t.indexOf('\n', start);
  const first = t.slice(start, eol < 0 ? t.length : eol);
  const open =
    first.lastIndexOf('(') > first.lastIndexOf(')')
      ? ')'
      : first.lastIndexOf('{') > first.lastIndexOf('}')
        ? '}'
        : null;
  if (!open) return eol < 0 ? t.length : eol;
  const close = t.indexOf(open, start + first.length);
  if (close < 0) return eol < 0 ? t.length : eol;
  const after = t.indexOf('\n', close);
  return after < 0 ? t.length : after;
}

/** The local names one import statement binds, type-only imports left out. */
/** The names a TypeScript import binds for types only: `import type { A, B as C }`, `import { type D }`. */
function typeNames(statement: string): string[] {
  const s = statement.replace(/\s+/g, ' ').trim();
  const esm = /^import (type )?([^;]*?) from\b/.exec(s);
  const braces = esm && /\{([^{}]*)\}/.exec(esm[2]!);
  if (!braces) return [];
  return braces[1]!
    .split(',')
    .filter((p) => esm[1] || /^\s*type\s/.test(p))
    .map((p) =>
      p
        .replace(/^\s*type\s+/, '')
        .trim()
        .split(' as ')
        .pop()!
        .trim(),
    )
    .filter((n) => /^[\w$]+$/.test(n));
}

export function boundNames(statement: string): string[] {
  const s = statement.replace(/\s+/g, ' ').trim();
  // Python: `from X import a, b as c`, `from X import (a, b)`, `import x.y as z`
  const py = /^from \S+ import \(?([^)]*)\)?/.exec(s);
  if (py) return words(py[1]!);
  const pyAs = /^import [\w.]+ as (\w+)/.exec(s);
  if (pyAs) return [pyAs[1]!];
  // JavaScript and TypeScript
  if (/^import type\b/.test(s) || /^export\b/.test(s)) return [];
  const out: string[] = [];
  const esm = /^import ([^;]*?) from\b/.exec(s);
  if (esm) {
    const clause = esm[1]!;
    const braces = /(?<!\{)\{([^{}]*)\}/.exec(clause);
    if (braces)
      out.push(
        ...words(
          braces[1]!
            .split(',')
            .filter((p) => !/^\s*type\s/.test(p))
            .join(','),
        ),
      );
    const rest = clause.replace(/(?<!\{)\{[^{}]*\}/, '');
    const star = /\* as ([\w$]+)/.exec(rest);
    if (star) out.push(star[1]!);
    const def = /^\s*([\w$]+)/.exec(rest);
    if (def && def[1] !== 'type') out.push(def[1]!);
    return out;
  }
  const cjs = /^(?:const|let|var) (\{[^}]*\}|[\w$]+) ?= ?require\b/.exec(s);
  if (cjs) {
    const lhs = cjs[1]!;
    // `{ a, b: c }` binds a and c
    return lhs.startsWith('{') ? words(lhs.slice(1, -1).replace(/(?<![\w$])[\w$]+ ?:/g, '')) : [lhs];
  }
  return out;
}

/** The names a comma-separated list binds: the last word of each part (`A as B` binds B). */
function words(list: string): string[] {
  return list
    .split(',')
    .map((p) => p.trim().split(/\s/).pop() ?? '')
    .filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
}

/**
 * How a Go file uses the names of the other central files. In Go a file sees the names of its own
 * package bare and another package's only as `pkg.Name`, through an import; so a bare name links only
 * files of one folder, and `x.Name` only where x is the imported package. A name that a file declares
 * (a struct field `Pattern string`, an interface's method `Routes() Routes`, a method
 * `func (h HeaderRouter) Route(`, a composite literal's key `Pattern:`) is the file's own, and a
 * function is used only where it is called (or named through its package).
 */
function goReading(
  t: string,
  from: string,
  imports: ImportInfo[],
  text: (p: string) => string | null,
): {
  uses: (
    w: string,
    at: number,
    to: string,
    kind: SymbolInfo['kind'] | undefined,
    q: string | undefined,
    call: boolean,
  ) => boolean;
} {
  const dir = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
  // the packages the file imports, by the name it calls them: an alias, else the path's last element
  const packages = new Map<string, string>();
  const lines = t.split('\n');
  for (const imp of imports) {
    if (imp.from !== from) continue;
    const alias = /^\s*(?:import\s+)?([A-Za-z_]\w*)\s+"/.exec(lines[imp.line - 1] ?? '')?.[1];
    const parts = imp.specifier.split('/');
    const last = /^v\d+$/.test(parts.at(-1) ?? '') && parts.length > 1 ? parts.at(-2)! : parts.at(-1)!;
    packages.set(alias ?? last.replace(/^go-/, '').replace(/[.-]go$/, ''), imp.specifier);
  }
  const pkgName = (p: string) => /^[ \t]*package[ \t]+(\w+)/m.exec(text(p) ?? '')?.[1];
  // the names the file declares: fields and interface methods (first word of a line in a struct or
  // interface body), methods' own names, composite literals' keys
  const declared = new Set<number>();
  const blocks: ('struct' | 'interface' | 'other')[] = [];
  let offset = 0;
  for (const line of lines) {
    const top = blocks.at(-1);
    if (top === 'struct' || top === 'interface') {
      const first = /^\s*([A-Za-z_]\w*)(\s*\(|\s*,|\s+[^\s/])/.exec(line);
      // `Name Type`, `A, B int` and `Method(…)` declare; a lone `Name` or `pkg.Name` embeds a type
      if (first && !(top === 'struct' && first[2]!.trim() === '('))
        declared.add(offset + line.indexOf(first[1]!));
    }
    const method = /^func\s*\([^)]*\)\s*([A-Za-z_]\w*)/.exec(line);
    if (method) declared.add(offset + method[0].length - method[1]!.length);
    for (const ch of line.matchAll(/struct\s*\{|interface\s*\{|[{}]/g)) {
      if (ch[0] === '}') blocks.pop();
      else
        blocks.push(
          ch[0].startsWith('struct') ? 'struct' : ch[0].startsWith('interface') ? 'interface' : 'other',
        );
    }
    offset += line.length + 1;
  }
  return {
    uses(w, at, to, kind, q, call) {
      if (declared.has(at)) return false;
      // a composite literal's key or a label: `Pattern: p`
      if (
        /^\s*:(?!=)/.test(t.slice(at + w.length, at + w.length + 4)) &&
        !/\bcase\s[^:\n]*$/.test(t.slice(Math.max(0, at - 80), at))
      )
        return false;
      if (q !== undefined) {
        // `pkg.Name`: the package must be the one that declares it, imported by this file
        const spec = packages.get(q);
        if (!spec || dir(to) === dir(from)) return false;
        return dir(to) ? spec.endsWith(`/${dir(to)}`) : pkgName(to) === q;
      }
      if (dir(to) !== dir(from)) return false;
      return kind !== 'function' || call;
    },
  };
}

/**
 * Where the main path passes from one central file to another: the file of the calling step, the file
 * of the step it calls, and the name called (`scan`, `FindRoute`). A step's caller is the step it
 * names (`from`), else the one before; steps outside the product and code handed in are no file's.
 */
export function handOffs(path: MainPathStep[], files: Set<string>): [string, string, string][] {
  const out: [string, string, string][] = [];
  path.forEach((step, i) => {
    const caller = path[step.from ?? i - 1];
    if (!caller || caller.external || step.external || step.handedIn) return;
    if (caller.path === step.path || !files.has(caller.path) || !files.has(step.path)) return;
    if (out.some(([f, t]) => f === caller.path && t === step.path)) return;
    out.push([caller.path, step.path, step.name]);
  });
  return out;
}
