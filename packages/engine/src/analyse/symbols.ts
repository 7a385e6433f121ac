// Pass: declared symbols (functions, classes, types…) and import statements per file: tree-sitter
// for the grammars we ship, otherwise a fast regex extractor (one global expression per language
// over the whole text, not one per line).

import { detectLanguage } from './cloc-languages.ts';
import { codeText } from './comments.ts';
import { DEPRECATION, deprecationNote, replacementIn } from './deprecated.ts';
import { LineIndex, matchesWithLines, type Sources } from './sources.ts';
import { rustTestModules } from './tests.ts';
import { listedExports, type TreeSitterExtractor } from './tree-sitter.ts';
import type { FileInfo, ImportInfo, SymbolInfo, SymbolsResult } from './types.ts';

type Kind = SymbolInfo['kind'];
interface Extractor {
  /** Each match: group 1 = modifiers (export/pub/public…), 2 = keyword, 3 = name. */
  symbols: RegExp;
  kind(keyword: string, indent: boolean, whole: string): Kind | null;
  exported(mods: string, name: string): boolean;
  /** Group 1 (or 2) = the module specifier. */
  imports: RegExp[];
}

const jsKinds: Record<string, Kind> = {
  function: 'function',
  class: 'class',
  interface: 'interface',
  type: 'type',
  enum: 'enum',
  const: 'const',
  let: 'const',
  var: 'const',
  namespace: 'module',
};
const JS: Extractor = {
  symbols:
    /^(export\s+(?:default\s+)?(?:declare\s+)?)?(?:abstract\s+|async\s+)*(function\*?|class|interface|type|enum|const|let|var|namespace)\s+([A-Za-z_$][\w$]*)/gm,
  kind: (k) => jsKinds[k.replace('*', '')] ?? null,
  exported: (mods) => mods.includes('export'),
  imports: [
    /^[ \t]*(?:import|export)\b(?:[^'"`;]*\bfrom)?\s*['"]([^'"\n]+)['"]/gm,
    /\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g,
  ],
};

const PY: Extractor = {
  symbols: /^([ \t]*)(async\s+def|def|class)\s+([A-Za-z_]\w*)/gm,
  kind: (k, indent) => (k === 'class' ? 'class' : indent ? 'method' : 'function'),
  exported: (_m, name) => !name.startsWith('_'),
  imports: [/^[ \t]*from\s+([\w.]+)\s+import\b/gm, /^[ \t]*import\s+([\w.]+)/gm],
};

const GO: Extractor = {
  symbols: /^()(func\s*\([^)]*\)|func|type)\s+([A-Za-z_]\w*)(?:\s+(struct|interface)\b)?/gm,
  kind: (k, _i, whole) =>
    k.startsWith('func')
      ? k === 'func'
        ? 'function'
        : 'method'
      : / struct$/.test(whole)
        ? 'struct'
        : / interface$/.test(whole)
          ? 'interface'
          : 'type',
  exported: (_m, name) => /^[A-Z]/.test(name),
  imports: [/^[ \t]*import\s+(?:\w+\s+)?"([^"]+)"/gm, /^[ \t]+(?:[\w.]+[ \t]+)?"([^"]+)"[ \t]*$/gm],
};

const RUST: Extractor = {
  symbols:
    /^[ \t]*((?:pub(?:\([^)]*\))?\s+)?)(?:async\s+|const\s+|unsafe\s+)*(fn|struct|enum|trait|mod|type)\s+([A-Za-z_]\w*)/gm,
  kind: (k) =>
    ({ fn: 'function', struct: 'struct', enum: 'enum', trait: 'trait', mod: 'module', type: 'type' })[
      k
    ] as Kind,
  // `pub(crate)`, `pub(super)` and `pub(in …)` stay inside the crate: only a bare `pub` is its API
  exported: (mods) => /^pub\s/.test(mods),
  // `use a::b` (pub or not) and `mod foo;`, kept as written ("mod foo") for the module graph
  imports: [
    /^[ \t]*(?:pub(?:\([^)\n]*\))?\s+)?use\s+([\w:]+)/gm,
    /^[ \t]*(?:pub(?:\([^)\n]*\))?\s+)?(mod\s+\w+)\s*;/gm,
  ],
};

const JVM: Extractor = {
  // Kotlin writes `enum class X`, `annotation class X`, `fun interface X`: the name follows the
  // second word
  symbols:
    /^[ \t]*((?:(?:public|private|protected|internal|static|final|abstract|sealed|data|open|partial|inner|value|inline)\s+)*)(enum\s+class|annotation\s+class|fun\s+interface|class|interface|enum|record|object|struct)\s+([A-Za-z_]\w*)/gm,
  kind: (k) =>
    k.endsWith('interface')
      ? 'interface'
      : k.startsWith('enum')
        ? 'enum'
        : k === 'struct'
          ? 'struct'
          : 'class',
  exported: (mods) => !/private|internal/.test(mods),
  imports: [/^[ \t]*import\s+(?:static\s+)?([\w.*]+)/gm, /^[ \t]*using\s+(?:static\s+)?([\w.]+)\s*;/gm],
};

// Java's and C#'s types without a modifier are package-private or internal: only `public` ones are API
const PUBLIC_ONLY: Extractor = { ...JVM, exported: (mods) => /\bpublic\b/.test(mods) };

const C: Extractor = {
  symbols: /^()(struct|class|enum|union)\s+([A-Za-z_]\w*)\s*[{:]/gm,
  kind: (k) => (k === 'class' ? 'class' : k === 'enum' ? 'enum' : 'struct'),
  exported: () => true,
  imports: [/^[ \t]*#\s*include\s+"([^"]+)"/gm],
};

const RUBY: Extractor = {
  symbols: /^([ \t]*)(def|class|module)\s+([A-Za-z_][\w.?!]*)/gm,
  kind: (k, indent) => (k === 'class' ? 'class' : k === 'module' ? 'module' : indent ? 'method' : 'function'),
  exported: (_m, name) => !name.startsWith('_'),
  imports: [/^[ \t]*require(?:_relative)?\s+['"]([^'"]+)['"]/gm],
};

const PHP: Extractor = {
  symbols:
    /^[ \t]*((?:(?:public|private|protected|static|final|abstract)\s+)*)(function|class|interface|trait|enum)\s+([A-Za-z_]\w*)/gm,
  kind: (k) =>
    k === 'function'
      ? 'function'
      : k === 'trait'
        ? 'trait'
        : k === 'interface'
          ? 'interface'
          : k === 'enum'
            ? 'enum'
            : 'class',
  exported: (mods) => !mods.includes('private'),
  imports: [/^[ \t]*use\s+([\w\\]+)/gm],
};

const BY_LANGUAGE: Record<string, Extractor> = {
  TypeScript: JS,
  JavaScript: JS,
  JSX: JS,
  'Vuejs Component': JS,
  Svelte: JS,
  Python: PY,
  Go: GO,
  Rust: RUST,
  Java: PUBLIC_ONLY,
  Kotlin: JVM,
  Scala: JVM,
  'C#': PUBLIC_ONLY,
  Groovy: JVM,
  Dart: JVM,
  Swift: JVM,
  C: C,
  'C++': C,
  'C/C++ Header': C,
  Ruby: RUBY,
  PHP: PHP,
};

/**
 * For each `def` of a Python file (by its text index), whether it sits directly in a class body, and
 * which classes sit inside a class or a function: one forward pass keeps the stack of open blocks, so
 * a long class costs its length once, not per method.
 */
function pythonBlocks(text: string): { methods: Set<number>; nestedClasses: Set<number> } {
  const methods = new Set<number>();
  const nestedClasses = new Set<number>();
  const stack: { indent: number; isClass: boolean }[] = [];
  let at = 0;
  for (const line of text.split('\n')) {
    const body = line.trimStart();
    const indent = line.length - body.length;
    if (body && !body.startsWith('#')) {
      while (stack.length && stack[stack.length - 1]!.indent >= indent) stack.pop();
      const opens = /^(?:async[ \t]+)?(def|class)\b/.exec(body)?.[1];
      if (opens === 'def' && stack[stack.length - 1]?.isClass) methods.add(at);
      if (opens === 'class' && stack.length) nestedClasses.add(at);
      if (opens) stack.push({ indent, isClass: opens === 'class' });
    }
    at += line.length + 1;
  }
  return { methods, nestedClasses };
}

// what follows a constant's name when its value is a function: `= async (a, b) =>`, `: Handler = function`
const FUNCTION_VALUE =
  /^[ \t]*(?::[^=\n]{0,120})?=[ \t]*(?:async[ \t]+)?(?:function\b|(?:\([^()]{0,300}\)|[A-Za-z_$][\w$]*)[ \t]*(?::[^=\n]{0,120})?=>)/;

export function extractFile(path: string, text: string, language: string): SymbolsResult {
  const ex = BY_LANGUAGE[language];
  const out: SymbolsResult = { symbols: [], imports: [] };
  if (!ex) return out;
  let blocks: ReturnType<typeof pythonBlocks> | undefined;
  let listed: Set<string> | undefined;
  for (const { m, line } of matchesWithLines(text, ex.symbols)) {
    const name = m[3];
    if (!name) continue;
    const kind = ex.kind(
      m[2]!.replace(/\s+/g, ' '),
      (m[1] ?? '').length > 0 && /^[ \t]+$/.test(m[1] ?? ''),
      m[0].replace(/\s+/g, ' '),
    );
    if (!kind) continue;
    // a function defined inside another function is a local helper, not a method of a class; a class
    // inside a class or a function (Django's `Meta`, an admin's `Media`) configures its owner
    if (kind === 'method' && ex === PY && !(blocks ??= pythonBlocks(text)).methods.has(m.index)) continue;
    if (kind === 'class' && ex === PY && (blocks ??= pythonBlocks(text)).nestedClasses.has(m.index)) continue;
    // exported where declared, or at top level by a list or a default export of the module's own
    const exported =
      ex.exported(m[1] ?? '', name) || (ex === JS && !m[1] && (listed ??= listedExports(text)).has(name));
    // a constant that holds a function (`const upsert = async (…) => {…}`) is a function, whatever exports it
    const fn =
      kind === 'const' &&
      ex === JS &&
      FUNCTION_VALUE.test(text.slice(m.index + m[0].length, m.index + m[0].length + 400));
    // a module's local variables are noise; exported constants are its API
    if (kind === 'const' && !exported && !fn) continue;
    out.symbols.push({ path, name, kind: fn ? 'function' : kind, line, exported });
  }
  const seen = new Set<string>();
  for (const re of ex.imports) {
    for (const { m, line: start } of matchesWithLines(text, re)) {
      const specifier = m[1]!;
      // a statement over several lines (`import {` … `} from 'x'`) is cited where it names its module
      const line = start + (m[0].slice(0, m[0].lastIndexOf(specifier)).match(/\n/g)?.length ?? 0);
      if (!specifier || seen.has(`${line}:${specifier}`)) continue;
      // Go's bare quoted lines only count inside an import ( … ) block
      if (ex === GO && re === GO.imports[1] && !insideGoImportBlock(text, m.index)) continue;
      seen.add(`${line}:${specifier}`);
      out.imports.push({ from: path, specifier, line });
    }
  }
  return out;
}

function insideGoImportBlock(text: string, at: number): boolean {
  const open = text.lastIndexOf('import (', at);
  return open >= 0 && text.indexOf(')', open) > at;
}

function lineCount(text: string): number {
  let n = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

export interface SymbolsPassResult extends SymbolsResult {
  /** How many files each extractor handled. */
  extractors: { treeSitter: number; regex: number };
}

/**
 * Uses tree-sitter where a grammar is loaded, the regex extractor everywhere else. Parsing in
 * WASM is far slower than a regex scan, so tree-sitter stops after `budgetLines` lines of source
 * and the remaining files use the regex extractor: big trees stay fast, small ones get exact
 * syntax. The budget counts lines, not time, so the same code gives the same symbols on a busy
 * machine as on an idle one.
 */
export function symbolsPass(
  src: Sources,
  files: FileInfo[],
  treeSitter?: TreeSitterExtractor | null,
  budgetLines = 8_000,
): SymbolsPassResult {
  const out: SymbolsPassResult = { symbols: [], imports: [], extractors: { treeSitter: 0, regex: 0 } };
  let spent = 0;
  for (const f of files) {
    if (!f.language || !BY_LANGUAGE[f.language]) continue;
    const text = src.text(f.path);
    if (text == null) continue;
    let r: SymbolsResult | null = null;
    if (treeSitter && spent < budgetLines) {
      try {
        r = treeSitter.extract(f.path, text, f.language);
      } catch {
        r = null; // a parser failure on one file must not lose its symbols
      }
      spent += lineCount(text);
    }
    if (r) out.extractors.treeSitter++;
    else {
      // an import or a declaration quoted in a comment or docstring is not part of the code
      r = extractFile(f.path, codeText(src, f.path, f.language) ?? text, f.language);
      out.extractors.regex++;
    }
    // Ruby: methods below a bare `private`/`protected` (to the end of their class), `private def x` and
    // the names of `private :x, :y` are no part of the public surface
    if (f.language === 'Ruby') {
      const hidden = rubyNonPublic(codeText(src, f.path, f.language) ?? text);
      for (const s of r.symbols) if (s.exported && hidden(s.line, s.name)) s.exported = false;
    }
    // a `#[cfg(test)]` module is compiled for the tests only: its helpers are no part of the product
    const tests = f.language === 'Rust' ? rustTestModules(codeText(src, f.path, f.language) ?? text) : [];
    const inTests = (line: number) => tests.some(([a, b]) => line >= a && line <= b);
    const kept = tests.length ? r.symbols.filter((s) => !inTests(s.line)) : r.symbols;
    // what its authors mark deprecated is read once here, for every pass that chooses among names
    if (DEPRECATION.test(text)) {
      const lines = text.split('\n');
      for (const s of kept) {
        const note = deprecationNote(lines, s.line, s.path);
        if (note === undefined) continue;
        s.deprecated = true;
        // the name the note says to use instead (`Use Dialer instead.`) is where its callers go now
        const instead = replacementIn(note);
        if (instead && instead !== s.name) s.replacement = instead;
      }
    }
    out.symbols.push(...kept);
    if (f.language === 'Python') withImportedNames(text, r.imports);
    // as do the imports such a module makes (`use axum::…` in axum-core's tests): no edge of the product's
    out.imports.push(...(tests.length ? r.imports.filter((i) => !inTests(i.line)) : r.imports));
  }
  return out;
}

/** Which Ruby definitions (by line and name) are private or protected. */
export function rubyNonPublic(text: string): (line: number, name: string) => boolean {
  const lines = text.split('\n');
  const indentOf = (l: string) => /^[ \t]*/.exec(l)![0].length;
  const privateLines = new Set<number>();
  const privateNames = new Set<string>();
  // the indentation a bare `private` switched at, until a line opens outward of it
  let at: number | null = null;
  lines.forEach((l, i) => {
    const t = l.trim();
    if (!t) return;
    const d = indentOf(l);
    if (at !== null && d < at) at = null;
    if (/^(?:private|protected)$/.test(t)) at = d;
    else if (/^public$/.test(t) && at === d) at = null;
    else if (/^(?:private|protected)\s+def\s/.test(t)) privateLines.add(i + 1);
    else if (/^(?:private|protected)\s+:/.test(t))
      for (const m of t.matchAll(/:([A-Za-z_]\w*[?!=]?)/g)) privateNames.add(m[1]!);
    else if (at !== null && d === at && /^def\s/.test(t)) privateLines.add(i + 1);
  });
  return (line, name) => privateLines.has(line) || privateNames.has(name);
}

/**
 * The names each `from X import a, b` statement takes, on its import: `from pkg import module` names a
 * submodule, which the module graph resolves to the submodule's file rather than the package's.
 */
function withImportedNames(text: string, imports: ImportInfo[]): void {
  const index = LineIndex.of(text);
  for (const m of text.matchAll(/^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+(\([^)]*\)|[^\n]+)/gm)) {
    const line = index.lineOf(m.index + m[0].length - m[0].trimStart().length);
    const imp = imports.find((i) => i.line === line && i.specifier === m[1]);
    if (!imp) continue;
    const names = [...m[2]!.replace(/#[^\n]*/g, '').matchAll(/(\w+)(?:\s+as\s+\w+)?/g)].map((x) => x[1]!);
    if (names.length) imp.names = names;
  }
}

export { detectLanguage };
