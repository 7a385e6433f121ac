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
  /** Rust raw strings r"…", r#"…"#. */
  rustRaw?: boolean;
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
  'Vuejs Component': { ...JS, block: [['/*', '*/'], ['<!--', '-->']] },
  Svelte: { ...JS, block: [['/*', '*/'], ['<!--', '-->']] },
  Go: { ...C_LIKE, quotes: `"'\``, multiline: '`', raw: '`' },
  Rust: { ...C_LIKE, nest: true, charQuote: true, rustRaw: true, multiline: '"' },
  Java: { ...C_LIKE, textBlock: true },
  Kotlin: { ...C_LIKE, nest: true, textBlock: true, quotes: `"'` },
  Scala: { ...C_LIKE, nest: true, textBlock: true },
  Groovy: { ...C_LIKE, textBlock: true },
  Gradle: { ...C_LIKE, textBlock: true },
  C: C_LIKE,
  'C++': C_LIKE,
  'C/C++ Header': C_LIKE,
  'Objective-C++': C_LIKE,
  'C#': C_LIKE,
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

const blank = (s: string) => s.replace(/[^\r\n]/g, ' ');

/** The keywords after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER_WORD = /(?:^|[^\w$])(?:return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/;

function regexAllowed(out: string): boolean {
  const t = out.trimEnd();
  if (t === '') return true;
  const c = t[t.length - 1]!;
  if ('(,=:[!&|?{};+-*%<>~^'.includes(c)) return true;
  return REGEX_AFTER_WORD.test(t.slice(-12));
}

/**
 * The text with every comment (and, for Python, every docstring; for Markdown and other prose,
 * everything) replaced by spaces. Offsets and line numbers are unchanged. Unknown languages come
 * back as they are.
 */
export function blankComments(text: string, language: string | null): string {
  const syn = language ? SYNTAX[language] : undefined;
  if (!syn) return text;
  if (syn.prose) return blank(text);
  const parts: string[] = [];
  let from = 0; // start of the code run not yet copied
  const cut = (start: number, end: number, blanked: boolean) => {
    parts.push(text.slice(from, start));
    parts.push(blanked ? blank(text.slice(start, end)) : text.slice(start, end));
    from = end;
  };
  const n = text.length;
  for (let i = 0; i < n; ) {
    const c = text[i]!;
    // block comments (Ruby's =begin only at a line start)
    let hit = false;
    for (const [open, close] of syn.block) {
      const o = open.startsWith('\n') ? open.slice(1) : open;
      if (open.startsWith('\n') && !(i === 0 || text[i - 1] === '\n')) continue;
      if (!text.startsWith(o, i)) continue;
      let depth = 1;
      let j = i + o.length;
      const cl = close.startsWith('\n') ? close.slice(1) : close;
      while (j < n && depth > 0) {
        if (syn.nest && text.startsWith(o, j)) {
          depth++;
          j += o.length;
        } else if (text.startsWith(cl, j) && (!close.startsWith('\n') || text[j - 1] === '\n')) {
          depth--;
          j += cl.length;
        } else j++;
      }
      cut(i, j, true);
      i = j;
      hit = true;
      break;
    }
    if (hit) continue;
    // line comments
    const lc = syn.line.find((l) => text.startsWith(l, i));
    if (lc && (!syn.lineAfterSpace || i === 0 || /\s/.test(text[i - 1]!))) {
      let j = text.indexOf('\n', i);
      if (j < 0) j = n;
      cut(i, j, true);
      i = j;
      continue;
    }
    // Python/Elixir triple-quoted strings: a docstring when it stands alone as a statement
    if (syn.triple && (text.startsWith('"""', i) || text.startsWith("'''", i))) {
      const q = text.slice(i, i + 3);
      let j = i + 3;
      while (j < n && !text.startsWith(q, j)) j += text[j] === '\\' ? 2 : 1;
      j = Math.min(n, j + 3);
      const before = text.slice(text.lastIndexOf('\n', i - 1) + 1, i);
      cut(i, j, /^\s*[rRuUbBfF]{0,2}$/.test(before));
      i = j;
      continue;
    }
    if (syn.textBlock && text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      i = end < 0 ? n : end + 3;
      continue;
    }
    if (syn.rustRaw && c === 'r' && (text[i + 1] === '"' || text[i + 1] === '#') && !/[\w]/.test(text[i - 1] ?? '')) {
      const m = /^r(#*)"/.exec(text.slice(i, i + 260));
      if (m) {
        const end = text.indexOf(`"${m[1]}`, i + m[0].length);
        i = end < 0 ? n : end + 1 + m[1]!.length;
          continue;
      }
    }
    if (syn.quotes.includes(c)) {
      if (c === "'" && syn.charQuote && !/^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/u.test(text.slice(i, i + 12))) {
        i++; // a lifetime or a label, not a character
          continue;
      }
      const multi = syn.multiline?.includes(c) ?? false;
      const raw = syn.raw?.includes(c) ?? false;
      let j = i + 1;
      while (j < n && text[j] !== c) {
        if (text[j] === '\n' && !multi) break;
        j += text[j] === '\\' && !raw ? 2 : 1;
      }
      i = Math.min(n, j + 1);
      continue;
    }
    if (syn.jsRegex && c === '/' && text[i + 1] !== '/' && text[i + 1] !== '*' && regexAllowed(text.slice(Math.max(0, i - 40), i))) {
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
      // not closed on this line: a division after all
      if (j < n && text[j] === '/') {
        i = j + 1;
          continue;
      }
    }
    i++;
  }
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

const cache = new WeakMap<Sources, Map<string, string | null>>();

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
  const out = text == null ? null : blankComments(text, language);
  m.set(path, out);
  return out;
}
