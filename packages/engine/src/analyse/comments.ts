// Blanks out comments, docstrings and prose (each character becomes a space, line breaks stay), so
// the passes that look for code (routes, imports, env vars, secrets) never read an example quoted
// in a doc comment or a README as if the code did it. Strings are kept: routes live in them.

import type { Sources } from './sources.ts';

interface Syntax {
  /** Line comment openers. */
  line: string[];
  /** Block comment delimiters. */
  block: [string, string][];
  /** Block comments nest (Rust, Swift, Kotlin, Scala, Dart). */
  nest?: boolean;
  /** Quote characters that open a string. */
  quotes: string;
  /** Strings may run over line breaks (template literals, Go raw strings…); others end at the line. */
  multiline?: string;
  /** Quotes whose strings have no backslash escapes (Go's backquote, shell's single quote). */
  raw?: string;
  /** `'` opens a character literal only when it closes within a character or an escape (Rust lifetimes). */
  charQuote?: boolean;
  /** Rust raw strings r"…", r#"…"#, br"…". */
  rustRaw?: boolean;
  /** C++ raw strings R"delim(…)delim". */
  cppRaw?: boolean;
  /** C# verbatim strings @"…" ("" inside is a quote). */
  verbatim?: boolean;
  /** Triple-quoted strings; those standing alone as a statement are docstrings and blanked. */
  triple?: boolean;
  /** Java/Kotlin text blocks (""" … """), kept as strings. */
  textBlock?: boolean;
  /** JavaScript regular-expression literals. */
  jsRegex?: boolean;
  /** A line comment opener counts only at the line start or after whitespace (shell `$#`, YAML `a#b`). */
  lineAfterSpace?: boolean;
  /** The whole file is prose. */
  prose?: boolean;
}

const C_LIKE: Syntax = { line: ['//'], block: [['/*', '*/']], quotes: `"'` };
const JS: Syntax = { ...C_LIKE, quotes: `"'\``, multiline: '`', jsRegex: true };
const HASH: Syntax = { line: ['#'], block: [], quotes: `"'`, lineAfterSpace: true };
const SHELL: Syntax = { ...HASH, multiline: `"'`, raw: `'` };
const MARKUP: Syntax = { line: [], block: [['<!--', '-->']], quotes: '' };
const PROSE: Syntax = { line: [], block: [], quotes: '', prose: true };

const SYNTAX: Record<string, Syntax> = {
  TypeScript: JS,
  JavaScript: JS,
  JSX: JS,
  'Vuejs Component': {
    ...JS,
    block: [
      ['/*', '*/'],
      ['<!--', '-->'],
    ],
  },
  Svelte: {
    ...JS,
    block: [
      ['/*', '*/'],
      ['<!--', '-->'],
    ],
  },
  Go: { ...C_LIKE, quotes: `"'\``, multiline: '`', raw: '`' },
  Rust: { ...C_LIKE, nest: true, charQuote: true, rustRaw: true, multiline: '"' },
  Java: { ...C_LIKE, textBlock: true },
  Kotlin: { ...C_LIKE, nest: true, textBlock: true, quotes: `"'` },
  Scala: { ...C_LIKE, nest: true, textBlock: true },
  Groovy: { ...C_LIKE, textBlock: true },
  Gradle: { ...C_LIKE, textBlock: true },
  C: C_LIKE,
  'C++': { ...C_LIKE, cppRaw: true },
  'C/C++ Header': { ...C_LIKE, cppRaw: true },
  'Objective-C++': { ...C_LIKE, cppRaw: true },
  'C#': { ...C_LIKE, verbatim: true, textBlock: true },
  Swift: { ...C_LIKE, nest: true, textBlock: true },
  Dart: { ...C_LIKE, nest: true, textBlock: true },
  Solidity: C_LIKE,
  'Protocol Buffers': C_LIKE,
  SCSS: C_LIKE,
  LESS: C_LIKE,
  JSON5: C_LIKE,
  CSS: { line: [], block: [['/*', '*/']], quotes: `"'` },
  PHP: { ...C_LIKE, line: ['//', '#'], multiline: `"'` },
  HCL: { ...C_LIKE, line: ['//', '#'] },
  Python: { ...HASH, lineAfterSpace: false, triple: true },
  Starlark: { ...HASH, lineAfterSpace: false, triple: true },
  Ruby: { ...HASH, lineAfterSpace: false, block: [['\n=begin', '\n=end']], multiline: `"'` },
  Perl: HASH,
  R: HASH,
  Elixir: { ...HASH, triple: true },
  CoffeeScript: HASH,
  Nix: { ...HASH, block: [['/*', '*/']] },
  'Bourne Shell': SHELL,
  'Bourne Again Shell': SHELL,
  zsh: SHELL,
  'Fish Shell': SHELL,
  PowerShell: { ...SHELL, block: [['<#', '#>']] },
  Dockerfile: HASH,
  Containerfile: HASH,
  make: HASH,
  CMake: HASH,
  YAML: HASH,
  TOML: HASH,
  Properties: { ...HASH, line: ['#', '!'], lineAfterSpace: false, quotes: '' },
  INI: { line: [';', '#'], block: [], quotes: '' },
  SQL: { line: ['--'], block: [['/*', '*/']], quotes: `'"` },
  Lua: { line: ['--'], block: [['--[[', ']]']], quotes: `"'` },
  HTML: MARKUP,
  XML: MARKUP,
  Maven: MARKUP,
  SVG: MARKUP,
  Markdown: PROSE,
  reStructuredText: PROSE,
  AsciiDoc: PROSE,
  Text: PROSE,
};

/** Every character but line terminators made a space, so that offsets and lines stay where they were. */
function blank(s: string): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 10 && c !== 13) {
      run++;
      continue;
    }
    out += ' '.repeat(run) + s[i];
    run = 0;
  }
  return out + ' '.repeat(run);
}

/** The keywords after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER_WORD =
  /(?:^|[^\w$])(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/;

function regexAllowed(out: string): boolean {
  const t = out.trimEnd();
  if (t === '') return true;
  const c = t[t.length - 1]!;
  if ('(,=:[!&|?{};+-*%<>~^'.includes(c)) return true;
  return REGEX_AFTER_WORD.test(t.slice(-12));
}

const escapeRe = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const openers = new Map<Syntax, RegExp>();

/** One expression finding the next place where a comment, string or regex may start. */
function openerOf(syn: Syntax): RegExp {
  let re = openers.get(syn);
  if (!re) {
    const alts = [
      ...syn.block.map(([o]) => (o.startsWith('\n') ? `^${escapeRe(o.slice(1))}` : escapeRe(o))),
      ...syn.line.map(escapeRe),
      ...(syn.triple ? ['"""', "'''"] : []),
      ...(syn.textBlock ? ['"""'] : []),
      ...(syn.rustRaw ? ['\\bb?r#*"'] : []),
      ...(syn.cppRaw ? ['\\bR"'] : []),
      ...(syn.verbatim ? ['\\$?@\\$?"'] : []),
      ...[...syn.quotes].map(escapeRe),
      ...(syn.jsRegex ? ['/'] : []),
    ];
    // longer openers first, so `/*` wins over `/` and `"""` over `"`
    alts.sort((x, y) => y.length - x.length);
    openers.set(syn, (re = new RegExp(alts.join('|'), 'gm')));
  }
  return re;
}

/** True when the character at `at` follows an odd number of backslashes. */
function escaped(text: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && text[k] === '\\') k--;
  return (at - 1 - k) % 2 === 1;
}

const bodies = new Map<string, RegExp>();

/** A sticky expression matching a string's contents up to (not including) its closing quote or line end. */
function stringBody(q: string, multi: boolean, raw: boolean): RegExp {
  const key = `${q}${multi ? 'm' : ''}${raw ? 'r' : ''}`;
  let re = bodies.get(key);
  if (!re) {
    const e = escapeRe(q);
    const stop = multi ? '' : '\\n';
    re = new RegExp(raw ? `[^${e}${stop}]*` : `(?:[^${e}\\\\${stop}]|\\\\[^])*`, 'y');
    bodies.set(key, re);
  }
  return re;
}

/** What the scanner found: a comment (docstrings included) or the body of a string literal. */
export type SpanKind = 'comment' | 'string';
type Visit = (kind: SpanKind, start: number, end: number) => void;

/** End of a C# verbatim string @"…" whose body starts at `j` ("" is an escaped quote). */
function verbatimEnd(text: string, j: number): number {
  for (;;) {
    const q = text.indexOf('"', j);
    if (q < 0) return text.length;
    if (text[q + 1] !== '"') return q;
    j = q + 2;
  }
}

/**
 * A JavaScript template literal whose body starts at `j`: reports each literal part as a string
 * (the `${…}` expressions are code) and returns the index of the closing backquote.
 */
function templateEnd(text: string, j: number, visit: Visit, level = 0): number {
  const n = text.length;
  let part = j;
  while (j < n) {
    const c = text[j];
    if (c === '\\') j += 2;
    else if (c === '`') break;
    else if (c === '$' && text[j + 1] === '{') {
      visit('string', part, j);
      j = expressionEnd(text, j + 2, visit, level);
      part = j;
    } else j++;
  }
  j = Math.min(j, n);
  visit('string', part, j);
  return j;
}

// templates nested deeper than this are read as plain characters (keeps the stack bounded)
const MAX_TEMPLATE_NESTING = 32;

/** The index after the `}` that closes a template expression starting at `j`. */
function expressionEnd(text: string, j: number, visit: Visit, level: number): number {
  const n = text.length;
  let depth = 1;
  while (j < n) {
    const c = text[j]!;
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return j + 1;
    else if (c === '`' && level < MAX_TEMPLATE_NESTING) j = templateEnd(text, j + 1, visit, level + 1);
    else if (c === '"' || c === "'") {
      const body = stringBody(c, false, false);
      body.lastIndex = j + 1;
      body.exec(text);
      visit('string', j + 1, body.lastIndex);
      j = body.lastIndex;
    }
    j++;
  }
  return n;
}

/** Skips a regex literal starting at `i` (a `/` where an operand may start); -1 when it is a division. */
function regexEnd(text: string, i: number): number {
  if (!regexAllowed(text.slice(Math.max(0, i - 40), i))) return -1;
  const n = text.length;
  let j = i + 1;
  let inClass = false;
  while (j < n && text[j] !== '\n') {
    const d = text[j]!;
    if (d === '\\') j++;
    else if (d === '[') inClass = true;
    else if (d === ']') inClass = false;
    else if (d === '/' && !inClass) break;
    j++;
  }
  // closed on this line: a regex literal; otherwise a division after all
  return j < n && text[j] === '/' ? j : -1;
}

/** The end of a block comment opened at `j` (after its opener), counting nested openers if the language nests them. */
function blockEnd(text: string, j: number, open: string, close: string, nest: boolean): number {
  const o = open.startsWith('\n') ? open.slice(1) : open;
  const cl = close.startsWith('\n') ? close.slice(1) : close;
  const n = text.length;
  let depth = 1;
  while (j < n && depth > 0) {
    if (nest && text.startsWith(o, j)) {
      depth++;
      j += o.length;
    } else if (text.startsWith(cl, j) && (!close.startsWith('\n') || text[j - 1] === '\n')) {
      depth--;
      j += cl.length;
    } else j++;
  }
  return j;
}

/**
 * Walks a file once, left to right, and reports every comment (for Python, every docstring too)
 * and every string body, so that a quote in a comment never opens a string and a comment marker
 * in a string never opens a comment. Linear in the text. False for a language it does not know.
 */
export function scanLiterals(text: string, language: string | null, visit: Visit): boolean {
  const syn = language ? SYNTAX[language] : undefined;
  if (!syn) return false;
  if (syn.prose) {
    visit('comment', 0, text.length);
    return true;
  }
  const n = text.length;
  const opener = openerOf(syn);
  let i = 0;
  while (i < n) {
    opener.lastIndex = i;
    const m = opener.exec(text);
    if (!m) break;
    i = m.index;
    const tok = m[0];
    const block = syn.block.find(([o]) => (o.startsWith('\n') ? o.slice(1) === tok : o === tok));
    if (block) {
      const j = blockEnd(text, i + tok.length, block[0], block[1], syn.nest ?? false);
      visit('comment', i, j);
      i = j;
      continue;
    }
    if (syn.line.includes(tok)) {
      // PHP 8 attributes (#[Route('/x')]) are code
      if (
        (syn.lineAfterSpace && i > 0 && !/\s/.test(text[i - 1]!)) ||
        (tok === '#' && language === 'PHP' && text[i + 1] === '[')
      ) {
        i += tok.length;
        continue;
      }
      let j = text.indexOf('\n', i);
      if (j < 0) j = n;
      visit('comment', i, j);
      i = j;
      continue;
    }
    if (tok === '"""' || tok === "'''") {
      let j = text.indexOf(tok, i + 3);
      while (j > 0 && escaped(text, j)) j = text.indexOf(tok, j + 1);
      if (j < 0) j = n;
      // Python/Elixir: a triple-quoted string standing alone as a statement is a docstring
      const before = text.slice(text.lastIndexOf('\n', i - 1) + 1, i);
      if (syn.triple && /^\s*[rRuUbBfF]{0,2}$/.test(before)) visit('comment', i, Math.min(n, j + 3));
      else visit('string', i + 3, j);
      i = j + 3;
      continue;
    }
    if (tok.includes('@')) {
      const j = verbatimEnd(text, i + tok.length);
      visit('string', i + tok.length, j);
      i = j + 1;
      continue;
    }
    if (tok === 'R"') {
      // C++ raw string R"delim( … )delim"
      const d = /^[^\s()\\"]{0,16}\(/.exec(text.slice(i + 2, i + 20));
      if (d) {
        const close = ')' + d[0].slice(0, -1) + '"';
        const body = i + 2 + d[0].length;
        let j = text.indexOf(close, body);
        if (j < 0) j = n;
        visit('string', body, j);
        i = j + close.length;
        continue;
      }
      i++; // not a raw string: the quote is read next
      continue;
    }
    if (syn.rustRaw && /^b?r#*"$/.test(tok)) {
      const hashes = tok.length - tok.indexOf('r') - 2;
      const end = text.indexOf('"' + '#'.repeat(hashes), i + tok.length);
      visit('string', i + tok.length, end < 0 ? n : end);
      i = end < 0 ? n : end + 1 + hashes;
      continue;
    }
    if (tok === '/' && syn.jsRegex) {
      const j = regexEnd(text, i);
      if (j >= 0) visit('string', i + 1, j);
      i = j >= 0 ? j + 1 : i + 1;
      continue;
    }
    // a quote; in Rust `'a` is a lifetime or a label unless a character closes right after it
    if (
      tok === "'" &&
      syn.charQuote &&
      !/^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/u.test(text.slice(i, i + 12))
    ) {
      i++;
      continue;
    }
    if (tok === '`' && syn.jsRegex) {
      i = templateEnd(text, i + 1, visit) + 1;
      continue;
    }
    const body = stringBody(tok, syn.multiline?.includes(tok) ?? false, syn.raw?.includes(tok) ?? false);
    body.lastIndex = i + 1;
    body.exec(text);
    visit('string', i + 1, body.lastIndex);
    i = Math.min(n, body.lastIndex + 1);
  }
  return true;
}

/**
 * The text with every comment (and, for Python, every docstring; for Markdown and other prose,
 * everything) replaced by spaces. Offsets and line numbers are unchanged. Unknown languages come
 * back as they are.
 */
export function blankComments(text: string, language: string | null): string {
  return blankSpans(text, spansIn(text, language));
}

/** The literal spans of a text as flat (kind, start, end) triples, kind 0 a comment and 1 a string. */
function spansIn(text: string, language: string | null): number[] {
  const spans: number[] = [];
  scanLiterals(text, language, (kind, start, end) => spans.push(kind === 'comment' ? 0 : 1, start, end));
  return spans;
}

function blankSpans(text: string, spans: number[]): string {
  const parts: string[] = [];
  let from = 0; // start of the code run not yet copied
  for (let k = 0; k < spans.length; k += 3) {
    if (spans[k] !== 0) continue;
    const start = spans[k + 1]!;
    const end = spans[k + 2]!;
    parts.push(text.slice(from, start), blank(text.slice(start, end)));
    from = end;
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

// the characters of comment markers and quotes, which a string's body must not lend to a line counter
const MARKER_CHARS = /[/*#"'`]/g;

/**
 * The text with the comment-marker and quote characters inside string (and regex) literals
 * replaced by `_`; everything else, comments included, unchanged. A line counter run over it can
 * no longer read `"/admin/*"` or `'#'` as the start of a comment.
 */
export function maskStringMarkers(text: string, language: string | null): string {
  return maskSpans(text, spansIn(text, language));
}

function maskSpans(text: string, spans: number[]): string {
  const parts: string[] = [];
  let from = 0;
  for (let k = 0; k < spans.length; k += 3) {
    const start = spans[k + 1]!;
    const end = spans[k + 2]!;
    if (spans[k] !== 1 || end <= start) continue;
    const body = text.slice(start, end);
    if (!/[/*#"'`]/.test(body)) continue;
    parts.push(text.slice(from, start), body.replace(MARKER_CHARS, '_'));
    from = end;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

const cache = new WeakMap<Sources, Map<string, string | null>>();
// a file's literal spans, scanned once for both the line counter and the passes that read code
const spanCache = new WeakMap<Sources, Map<string, number[]>>();

function spansOf(src: Sources, path: string, text: string, language: string | null): number[] {
  let m = spanCache.get(src);
  if (!m) spanCache.set(src, (m = new Map()));
  const key = `${language ?? ''}\u0000${path}`;
  let spans = m.get(key);
  if (!spans) m.set(key, (spans = spansIn(text, language)));
  return spans;
}

/**
 * The code of a file with its comments and the bodies of its strings blanked: only the names its code
 * itself writes (a docstring's "Group by" or a comment's `Find` are no use of a type or function).
 */
export function codeOnly(src: Sources, path: string, language: string | null): string | null {
  const text = src.text(path);
  if (text == null) return null;
  const spans = spansOf(src, path, text, language);
  const parts: string[] = [];
  let from = 0;
  for (let k = 0; k < spans.length; k += 3) {
    const start = spans[k + 1]!;
    const end = spans[k + 2]!;
    if (end <= start) continue;
    parts.push(text.slice(from, start), blank(text.slice(start, end)));
    from = end;
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

/** {@link maskStringMarkers} of a file of `src`, sharing its scan with {@link codeText}. */
export function maskedSource(src: Sources, path: string, text: string, language: string | null): string {
  return maskSpans(text, spansOf(src, path, text, language));
}

/**
 * The code of a file with its comments blanked, computed once per Sources and shared by every
 * pass that looks for code.
 */
export function codeText(src: Sources, path: string, language: string | null): string | null {
  let m = cache.get(src);
  if (!m) cache.set(src, (m = new Map()));
  const hit = m.get(path);
  if (hit !== undefined) return hit;
  const text = src.text(path);
  const out = text == null ? null : blankSpans(text, spansOf(src, path, text, language));
  m.set(path, out);
  return out;
}
