// Counts code, comment and blank lines the way cloc does: drop blank lines, run the language's
// comment filters in order, and call every line that disappeared on the way a comment line.
// cloc's quirks are kept on purpose (e.g. a block comment joins the code before and after it),
// with one exception: cloc's filters do not know string literals, so a `/*` in `"/admin/*"` or
// `'text/*'` opens a "comment" that swallows the code after it. In the languages below, the
// comment-marker characters inside string literals are masked before the filters run.

import { LANGUAGES, type Filter, type LanguageDef } from './cloc-languages.ts';
import { maskStringMarkers } from './comments.ts';
import type { LineCounts } from './types.ts';

// cloc reads bytes, so its \s is ASCII whitespace only
const BLANK = { test: isBlank };

/** Whether a line holds only ASCII whitespace (`/^[ \t\n\r\f\v]*$/`, without a regular expression). */
function isBlank(l: string): boolean {
  for (let i = 0; i < l.length; i++) {
    const c = l.charCodeAt(i);
    if (c !== 32 && (c < 9 || c > 13)) return false;
  }
  return true;
}
const ENDS_BACKSLASH = /\\$/;
// cloc's call_regexp_common: block comments, and for C++ also `//` up to and with its newline
const COMMON: Record<'C' | 'C++' | 'HTML', { open: string; close: string }[]> = {
  C: [{ open: '/*', close: '*/' }],
  'C++': [
    { open: '/*', close: '*/' },
    { open: '//', close: '\n' },
  ],
  HTML: [{ open: '<!--', close: '-->' }],
};

/** Splits text into lines as Perl's `<FH>` does, minus the newline and a trailing CR. */
export function splitLines(text: string): string[] {
  if (text.length === 0) return [];
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.length > 0 && l.charCodeAt(l.length - 1) === 13) lines[i] = l.slice(0, -1);
  }
  return lines;
}

/** Removes blank lines; with continuation, a blank line after `\` at end of line stays (cloc's remove_matches_2re). */
function dropBlank(lines: string[], continuation: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (BLANK.test(l) && !(continuation && i > 0 && ENDS_BACKSLASH.test(lines[i - 1]!))) continue;
    out.push(l);
  }
  return out;
}

/** Languages whose string literals the counter reads (the scanner in comments.ts knows their forms). */
export const STRING_AWARE = new Set([
  'TypeScript',
  'JavaScript',
  'JSX',
  'Go',
  'Rust',
  'Java',
  'Kotlin',
  'Scala',
  'Groovy',
  'Gradle',
  'C',
  'C++',
  'C/C++ Header',
  'Objective-C++',
  'C#',
  'Swift',
  'Dart',
  'Solidity',
  'Protocol Buffers',
  'JSON5',
  'Python',
  'Starlark',
]);

export interface CountOptions {
  /** Count as cloc does, comment markers inside strings included (for comparing with cloc). */
  clocStrings?: boolean;
  /** The text with the comment markers inside its strings masked, where the caller has it. */
  masked?: () => string;
}

export function countLines(text: string, language: string, opts: CountOptions = {}): LineCounts {
  const def = LANGUAGES.get(language);
  if (def && !opts.clocStrings && STRING_AWARE.has(language))
    text = opts.masked ? opts.masked() : maskStringMarkers(text, language);
  const all = splitLines(text);
  const total = all.length;
  if (!def) {
    const blank = all.filter((l) => BLANK.test(l)).length;
    return { code: total - blank, comment: 0, blank };
  }
  const nonBlank = dropBlank(all, def.continuation);
  const blank = total - nonBlank.length;
  const code = stripComments(nonBlank, def).length;
  return { code, comment: total - blank - code, blank };
}

/** The lines cloc would count as code, given the non-blank lines of a file. */
export function stripComments(input: string[], def: LanguageDef): string[] {
  if (input.length === 0) return input;
  let lines = input;
  // cloc's lines keep their newline until a whole-text filter splits them; that changes how
  // later whole-text filters join them, so track it
  let withNewline = true;
  for (const f of def.filters) {
    lines = applyFilter(lines, f, withNewline);
    if (f.kind === 'common') withNewline = false;
    lines = dropBlank(lines, def.continuation);
  }
  const first = input[0]!;
  if (def.script && first.startsWith('#!') && (lines.length === 0 || lines[0] !== first))
    lines.unshift(first);
  return lines;
}

function applyFilter(lines: string[], f: Filter, withNewline: boolean): string[] {
  switch (f.kind) {
    case 'match':
      return lines.filter((l) => !f.re.test(l));
    case 'common': {
      let joined = '';
      if (f.style === 'C++') {
        // cloc doubles each newline (except after a continuation backslash) so that removing a
        // `//` comment, which eats its newline, does not join two lines
        for (const l of lines) joined += (withNewline ? l + '\n' : l) + (ENDS_BACKSLASH.test(l) ? '' : '\n');
      } else {
        joined = withNewline ? lines.join('\n') + '\n' : lines.join('');
      }
      const out = removeDelimited(joined, COMMON[f.style]).split('\n');
      while (out.length > 0 && out[out.length - 1] === '') out.pop();
      return out;
    }
    case 'html':
      return htmlComments(lines);
    case 'between':
      return betweenMarkers(
        lines,
        (l) => l.indexOf(f.start),
        (l) => {
          const i = l.indexOf(f.end);
          return i < 0 ? -1 : i + f.end.length;
        },
        spanRemover(new RegExp(escapeRe(f.start), 'g'), escapeRe(f.end)),
      );
    case 'betweenRe':
      return betweenMarkers(
        lines,
        (l) => l.search(f.start),
        (l) => {
          const m = new RegExp('^.*?' + f.end.source).exec(l);
          return m ? m[0].length : -1;
        },
        spanRemover(new RegExp(f.start.source, f.start.flags + 'g'), f.end.source),
      );
    case 'docstring':
      return docstrings(lines);
    case 'belowAbove': {
      const out: string[] = [];
      let between = false;
      for (const l of lines) {
        if (!between && f.below.test(l)) between = true;
        else if (between && f.above.test(l)) between = false;
        else if (!between) out.push(l);
      }
      return out;
    }
    case 'below': {
      const i = lines.findIndex((l) => f.re.test(l));
      return i < 0 ? lines : lines.slice(0, i);
    }
    case 'replace':
      return lines.map((l) => f.pairs.reduce((acc, [re, to]) => acc.replace(re, to), l));
    case 'javaStrings':
      return lines
        .filter((l) => !BLANK.test(l))
        .map((l) => quotedMarkersToXx(quotedMarkersToXx(l.replace(/\\$/, ' '), '/*'), '*/'))
        .filter((l) => !BLANK.test(l));
  }
}

/**
 * Removes every span from an opener to the nearest closer after it, scanning left to right as a
 * global regular expression `open[^]*?close|…` (first listed wins) would, but in linear time: an
 * opener whose closer is missing once is missing for every later opener too.
 */
function removeDelimited(text: string, pairs: { open: string; close: string }[]): string {
  // where each pair's opener next occurs at or after the scan position; -1 once it never does or
  // once its closer is missing (then it is missing for every later opener too)
  const next = pairs.map((p) => text.indexOf(p.open));
  let out = '';
  let kept = 0;
  let i = 0;
  for (;;) {
    let at = -1;
    for (const n of next) if (n >= 0 && (at < 0 || n < at)) at = n;
    if (at < 0) break;
    let matched = false;
    // at one position the first listed pair whose closer follows wins
    for (let k = 0; k < pairs.length && !matched; k++) {
      if (next[k] !== at) continue;
      const { open, close } = pairs[k]!;
      const end = text.indexOf(close, at + open.length);
      if (end < 0) {
        for (let j = 0; j < pairs.length; j++) if (pairs[j]!.close === close) next[j] = -1;
        continue;
      }
      out += text.slice(kept, at);
      kept = end + close.length;
      i = kept;
      matched = true;
    }
    if (!matched) i = at + 1;
    for (let k = 0; k < pairs.length; k++)
      if (next[k]! >= 0 && next[k]! < i) next[k] = text.indexOf(pairs[k]!.open, i);
  }
  return out + text.slice(kept);
}

/**
 * cloc's `s{(["'])(.*?/\*)\1}{xx}g` (and the same for `*\/`): a quote, then text up to the first
 * marker directly followed by the same quote, becomes `xx`. Scanned by position so that a run of
 * quotes costs linear time: a quote whose marker-and-quote is missing once is missing for later ones.
 */
function quotedMarkersToXx(line: string, marker: string): string {
  // nothing to replace without the marker
  if (!line.includes(marker)) return line;
  // `.` stops at these, so a match never spans one
  return line
    .split(/([\r\u2028\u2029])/)
    .map((part, i) => (i % 2 ? part : quotedInSegment(part, marker)))
    .join('');
}

function quotedInSegment(line: string, marker: string): string {
  const missing = new Set<string>();
  let out = '';
  let kept = 0;
  for (let i = 0; i < line.length; i++) {
    const q = line[i]!;
    if ((q !== '"' && q !== "'") || missing.has(q)) continue;
    const end = line.indexOf(marker + q, i + 1);
    if (end < 0) {
      missing.add(q);
      continue;
    }
    out += line.slice(kept, i) + 'xx';
    kept = end + marker.length + 1;
    i = kept - 1;
  }
  return out + line.slice(kept);
}

const TERMINATOR = /[\r\u2028\u2029]/g;

/**
 * `line.replace(/start.*?end/g, '')` in linear time. Each opener is tried as the regular expression
 * would, but when `.*?end` finds nothing after an opener, it finds nothing after any later opener
 * up to the next line terminator (where `.` stops), so those openers are passed over unread.
 */
function spanRemover(start: RegExp, end: string): (line: string) => string {
  const closer = new RegExp('.*?' + end, 'y');
  return (line) => {
    let out = '';
    let kept = 0;
    let failFrom = Infinity;
    let failTo = -1;
    start.lastIndex = 0;
    for (let m = start.exec(line); m; m = start.exec(line)) {
      const from = m.index + m[0].length;
      start.lastIndex = m.index + 1;
      if (from >= failFrom && from <= failTo) continue;
      closer.lastIndex = from;
      if (closer.exec(line)) {
        out += line.slice(kept, m.index);
        kept = closer.lastIndex;
        start.lastIndex = Math.max(kept, m.index + 1);
        continue;
      }
      TERMINATOR.lastIndex = from;
      failFrom = from;
      failTo = TERMINATOR.exec(line)?.index ?? line.length;
    }
    return out + line.slice(kept);
  };
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const removeHtmlSpans = spanRemover(/<!--/g, '-->');

/** cloc's remove_html_comments, including its habit of dropping a line that opens a comment. */
function htmlComments(lines: string[]): string[] {
  const out: string[] = [];
  let inComment = false;
  for (let l of lines) {
    if (BLANK.test(l)) continue;
    l = removeHtmlSpans(l);
    if (BLANK.test(l)) continue;
    if (inComment) {
      const end = l.indexOf('-->');
      if (end >= 0) {
        l = l.slice(end + 3);
        inComment = false;
      }
    }
    if (BLANK.test(l)) continue;
    const open = l.indexOf('<!--');
    if (open >= 0) {
      inComment = true;
      if (BLANK.test(l.slice(0, open))) continue;
    }
    if (inComment) continue;
    out.push(l);
  }
  return out;
}

/** cloc's remove_between_general / remove_between_regex: keeps code before an opening marker. */
function betweenMarkers(
  lines: string[],
  findStart: (l: string) => number,
  endOf: (l: string) => number,
  removeSpans: (l: string) => string,
): string[] {
  const out: string[] = [];
  let inComment = false;
  for (let l of lines) {
    if (BLANK.test(l)) continue;
    l = removeSpans(l);
    if (BLANK.test(l)) continue;
    if (inComment) {
      const e = endOf(l);
      if (e < 0) continue;
      l = l.slice(e);
      inComment = false;
    }
    if (BLANK.test(l)) continue;
    const s = findStart(l);
    if (s >= 0) {
      inComment = true;
      if (BLANK.test(l.slice(0, s))) continue;
      l = l.slice(0, s);
    }
    out.push(l);
  }
  return out;
}

/** cloc's docstring_to_C: triple quotes alternate between opening and closing a C comment. */
function docstrings(lines: string[]): string[] {
  let inDoc = false;
  return lines.map((l) => {
    if (l.indexOf('"""') < 0 && l.indexOf("'''") < 0) return l;
    while (/"""|'''/.test(l)) {
      if (!inDoc) {
        l = l.replace(/[uU]?("""|''')/, '/*');
        inDoc = true;
      } else {
        l = l.replace(/"""|'''/, '*/');
        inDoc = false;
      }
    }
    return l;
  });
}
