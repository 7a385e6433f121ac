// Small markdown builders the offline writers share: citations, tables, lists, numbers, plurals,
// agreement and sentences built from optional parts.
// Every string that comes from the code base (paths, symbols, README text, comments, dependency
// names, routes, env vars, commit messages and authors) enters markdown through `inlineCode` or
// `text`, so it always arrives in the document as text and never as markup.

import { trimEndChars } from '@atr/shared';
import { fitsFile, formatCitation, splitCitation } from '../../citations.ts';
import { lineCount } from '../facts.ts';

/** A `path:line` (or `path:start-end`) citation as inline code; the reviewer checks every one of these. */
export function cite(path: string, line?: number, end?: number): string {
  return inlineCode(ref(path, line, end));
}

/** The citation string without the backticks, for a draft's `citations` list. */
export function ref(path: string, line?: number, end?: number): string {
  return formatCitation({
    path,
    ...(line !== undefined ? { line } : {}),
    ...(end !== undefined ? { end } : {}),
  });
}

/** A citation the engine made itself ("src/a.ts:12", a finding's or a framework's) as inline code. */
export function citeRef(reference: string): string {
  return inlineCode(formatCitation(splitCitation(reference)));
}

/** Text safe inside a GFM table cell (pipes and newlines would break the row); a pipe `text` already escaped stays as it is. */
export function cell(text: string | number | undefined | null): string {
  if (text === undefined || text === null || text === '') return '—';
  return escapePipes(String(text).replace(/\r\n|[\r\n]/g, ' ')).trim();
}

/** Every pipe not already escaped (after an even run of backslashes) gets a backslash, in one pass. */
function escapePipes(text: string): string {
  let out = '';
  let slashes = 0;
  for (const c of text) {
    if (c === '|' && slashes % 2 === 0) out += '\\';
    slashes = c === '\\' ? slashes + 1 : 0;
    out += c;
  }
  return out;
}

/**
 * Code-base text as an inline code span that nothing inside can close (CommonMark: the fence is a
 * backtick run longer than any run inside; a space pads content that starts or ends with a backtick
 * or a space). Line breaks become spaces so the span cannot end the paragraph or start a block.
 */
export function inlineCode(value: string): string {
  const flat = value.replace(/\r\n|[\r\n]/g, ' ');
  if (flat.trim() === '') return '` `';
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Code-base text as a fenced code block whose fence no line inside can close. */
export function codeBlock(body: string, language = ''): string {
  const longest = Math.max(2, ...(body.match(/`{3,}|~{3,}/g) ?? []).map((m) => m.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${body}\n${fence}`;
}

/** The name the writers have always used for `inlineCode`. */
export const code = inlineCode;

/**
 * Code-base text as plain prose: the characters that open inline markup (backslash, backtick,
 * emphasis, brackets, angle brackets, entities, strikethrough, table pipes) are backslash-escaped
 * everywhere, and a leading block marker (heading, list, quote, setext line, ordered-list number) is
 * escaped too, since the value may start a line; line breaks become spaces. Bare URLs are still
 * recognised by GFM's autolink-literal rule, so the document tree drops every link the report did
 * not make itself (tree/links.ts).
 */
export function text(value: string | number): string {
  return String(value)
    .replace(/\r\n|[\r\n]/g, ' ')
    .replace(/[\\`*_[\]<>&~|]/g, (c) => `\\${c}`)
    .replace(
      /^(\s*)(?:([-+=#>])|(\d+)([.)]))/,
      (_m, lead: string, mark?: string, digits?: string, dot?: string) =>
        mark ? `${lead}\\${mark}` : `${lead}${digits}\\${dot}`,
    );
}

export function table(
  headers: string[],
  rows: (string | number | undefined | null)[][],
  align?: ('l' | 'r')[],
): string {
  const head = `| ${headers.map(cell).join(' | ')} |`;
  const sep = `| ${headers.map((_, i) => (align?.[i] === 'r' ? '---:' : '---')).join(' | ')} |`;
  const body = rows.map((r) => `| ${r.map((c, i) => (i < headers.length ? cell(c) : '')).join(' | ')} |`);
  return [head, sep, ...body].join('\n');
}

export function bullets(items: string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}

export function num(n: number): string {
  return n.toLocaleString('en-US');
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${num(n)} ${n === 1 ? one : many}`;
}

/** The form of a word that agrees with a count: `agree(n, 'is', 'are')`, `agree(n, 'remains', 'remain')`. */
export function agree(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

/** `text` when the condition holds, else nothing: an optional clause of a sentence, decided once. */
export function when(condition: unknown, clause: string): string {
  return condition ? clause : '';
}

/**
 * One sentence from its parts: the non-empty parts in order, then a full stop. Each optional part
 * carries its own lead (", mostly …", " with …"), so the sentence reads the same with or without it.
 */
export function sentence(...parts: (string | false | null | undefined)[]): string {
  return `${parts.filter((p): p is string => typeof p === 'string' && p !== '').join('')}.`;
}

/** The distinct values of a list, in first-seen order. */
export function unique<T>(items: Iterable<T>): T[] {
  return [...new Set(items)];
}

export function pct(part: number, whole: number, digits = 1): string {
  if (whole <= 0) return '0%';
  return `${((part / whole) * 100).toFixed(digits)}%`;
}

/** "a", "a and b", "a, b and c". */
export function joinAnd(items: string[], word = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${word} ${items[items.length - 1]}`;
}

/** The first `n` items joined, with "and N more" when the list is longer. */
export function joinSome(items: string[], n: number): string {
  // "and 1 more" would hide one name in the words it takes to name it
  if (items.length <= n + 1) return joinAnd(items);
  return `${items.slice(0, n).join(', ')} and ${num(items.length - n)} more`;
}

export function paragraphs(...parts: (string | false | null | undefined)[]): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n\n');
}

/** Picks one phrasing from a few, keyed on data so the same facts always read the same way. */
export function pick<T>(options: T[], key: number | string): T {
  const k = typeof key === 'number' ? key : [...key].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0, 7);
  return options[Math.abs(k) % options.length] as T;
}

/** Top directory of a path ("src/api/x.ts" → "src"), or "(root)" for top-level files. */
export function topDir(path: string, depth = 1): string {
  // the folder a file sits in, cut to `depth` levels ("lib/is-stream.js" at depth 2 is in "lib")
  const dirs = path.split('/').slice(0, -1);
  return dirs.length ? dirs.slice(0, depth).join('/') : '(root)';
}

export function countBy<T>(items: T[], key: (t: T) => string): [string, number][] {
  const m = new Map<string, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** Cites a framework's evidence when it is a known file (optionally "path:line"), else shows it as code. */
export function evidence(
  fx: { fileByPath: Map<string, { code: number; comment: number; blank: number; lines?: number }> },
  text: string,
): string {
  const c = splitCitation(text.trim());
  const file = fx.fileByPath.get(c.path);
  if (file) return fitsFile(c, lineCount(file)) ? cite(c.path, c.line, c.end) : cite(c.path);
  return code(text);
}

/** Whole sentences up to `max` characters; a single longer sentence is cut at a word, with "…". */
export function clipSentences(text: string, max: number): string {
  if (text.length <= max) return text;
  const sentences = sentencesOf(text);
  let out = '';
  for (const s of sentences) {
    if ((out + s).trim().length > max) break;
    out += s;
  }
  if (out.trim()) return out.trim();
  const cut = text.slice(0, max - 1);
  return `${trimEndChars(cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd(), ',;:').trimEnd()}…`;
}

/**
 * The sentences of `text`, each with its closing marks, in one pass (a pattern did this, retrying from
 * every character of a long unpunctuated run): a sentence is text up to a run of . ! ? followed by white
 * space or the end; text before a run followed by anything else is dropped, as the pattern dropped it;
 * the text after the last run is one more.
 */
function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const mark = (c: string | undefined) => c === '.' || c === '!' || c === '?';
  while (i < text.length) {
    if (!mark(text[i])) {
      i++;
      continue;
    }
    let j = i;
    while (mark(text[j])) j++;
    if ((j >= text.length || /\s/.test(text[j]!)) && i > start) out.push(text.slice(start, j));
    start = j;
    i = j;
  }
  if (start < text.length) out.push(text.slice(start));
  return out.length ? out : [text];
}
