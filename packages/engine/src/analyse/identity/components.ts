// How the key components use each other: for the product's most central files, which names one
// file takes from another (mux.go uses tree.go's `node` and `FindRoute`). This is what the
// component diagram draws; a name counts only where exactly one of these files defines it.

import type { ComponentLinks, ImportInfo, SymbolInfo } from '../types.ts';
import { listedExports } from '../tree-sitter.ts';
import { NON_WORD, SCAN_CHARS } from './rank.ts';

/** The most central files a diagram can show and still be read. */
export const MAX_COMPONENTS = 8;
/** Arrows each file keeps (its strongest uses), and names printed on an arrow. */
const EDGES_PER_FILE = 2;
const NAMES_PER_EDGE = 2;
/** Arrows in all: the strongest, so the picture stays readable at page width. */
const MAX_EDGES = 10;

// a method's name is written on a value of any type (`pool.Get()`, `r.Header.Get`): a use of it says
// nothing of which file's type is meant, so only types and functions link files
const MODULE_SCOPED = /\.(?:[cm]?[jt]sx?|rs)$/;

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
  const nodes = files.slice(0, MAX_COMPONENTS);
  const inSet = new Set(nodes);
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
  const edges: ComponentLinks['edges'] = [];
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
    const uses = new Map<string, Map<string, number>>(); // definer → name → uses
    // in Rust a name after a dot is a field or method of some value (paths use `::`): no use of a
    // file's function or type
    const members = from.endsWith('.rs') ? new Set([...memberNames(t), ...outsideNames(t)]) : undefined;
    for (const w of t.split(NON_WORD)) {
      if (members?.has(w) || annotations.has(w)) continue;
      const defs = definers.get(w);
      if (!defs || defs.size !== 1) continue;
      const to = [...defs][0]!;
      if (to === from) continue;
      const names = uses.get(to) ?? new Map<string, number>();
      names.set(w, (names.get(w) ?? 0) + 1);
      uses.set(to, names);
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
    const out = [...uses].map(([to, names]) => {
      const ranked = [...names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      return {
        from,
        to,
        names: ranked.slice(0, NAMES_PER_EDGE).map(([n]) => n),
        weight: Number((ranked.reduce((s, [, n]) => s + Math.sqrt(n), 0) || 1).toFixed(2)),
      };
    });
    out.sort((a, b) => b.weight - a.weight || a.to.localeCompare(b.to));
    edges.push(...out.slice(0, EDGES_PER_FILE));
  }
  edges.sort((a, b) => b.weight - a.weight || a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return { nodes, edges: edges.slice(0, MAX_EDGES) };
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
    const head = /^([ \t]*)if[ \t]+(?:typing\.)?TYPE_CHECKING[ \t]*:/.exec(lines[i]!);
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
