// Citations of code in a report: inline code `path:line`, `path:start-end` or a bare `path`. One
// grammar for parsing, formatting and finding them in markdown, shared by the writers, the reviewer,
// the model checks and the document tree.

/** A cited file, optionally a line or an inclusive line range in it. */
export interface Citation {
  path: string;
  line?: number;
  /** Last line of a range; only present when greater than `line`. */
  end?: number;
}

/** The files a report may cite, by path and by file name. */
export interface KnownFiles {
  /** A path the analysis holds. */
  has(path: string): boolean;
  /** The name of a file the analysis holds (its last path segment). */
  hasName(name: string): boolean;
}

export function knownFiles(paths: Iterable<string>): KnownFiles {
  const all = new Set(paths);
  const names = new Set([...all].map((p) => p.slice(p.lastIndexOf('/') + 1)));
  return { has: (p) => all.has(p), hasName: (n) => names.has(n) };
}

// The line suffix: ":12" or ":3-9".
const LINES = /:(\d+)(?:-(\d+))?$/;
// Slash-separated segments of the characters file names use; no empty segment, no leading slash, no
// colon (so neither "http://…" nor a Windows drive "C:/…" nor "C:\…" can be one).
const PATH = /^[\w@.+-]+(?:\/[\w@.+-]+)*$/;
// A name with an extension that starts with a letter ("app.ts", ".env"), so "127.0.0.1" or "1.2.3"
// is not one.
const EXTENSION = /\.[A-Za-z]/;

/**
 * Whether text reads as a file path without knowing the files: a folder or an extension. A bare word
 * ("localhost", "Makefile") could be anything and needs `KnownFiles` to count.
 */
export function looksLikePath(p: string): boolean {
  return PATH.test(p) && (p.includes('/') || EXTENSION.test(p));
}

/**
 * Splits a citation the engine made itself (a finding's, a framework's evidence) into its parts;
 * anything without a line suffix is a bare path.
 */
export function splitCitation(text: string): Citation {
  const m = LINES.exec(text);
  if (!m) return { path: text };
  const line = Number(m[1]);
  const end = m[2] === undefined ? undefined : Number(m[2]);
  const path = text.slice(0, m.index);
  return end !== undefined && end > line ? { path, line, end } : { path, line };
}

/**
 * Reads the text of an inline code span as a citation, or undefined when it is other code. `path:line`
 * and `path:start-end` count when the path looks like one (see `looksLikePath`) or names a known file
 * or file name ("Makefile:3"); a bare path counts only when it is a known file.
 */
export function parseCitation(text: string, known?: KnownFiles): Citation | undefined {
  const t = text.trim();
  const c = splitCitation(t);
  if (c.line === undefined) return known?.has(t) ? { path: t } : undefined;
  if (!c.path) return undefined;
  return looksLikePath(c.path) || known?.has(c.path) || known?.hasName(c.path) ? c : undefined;
}

/** "path", "path:line" or "path:start-end"; a line below 1 is left out. */
export function formatCitation(c: Citation): string {
  if (c.line === undefined || !(c.line >= 1)) return c.path;
  return c.end !== undefined && c.end > c.line ? `${c.path}:${c.line}-${c.end}` : `${c.path}:${c.line}`;
}

/** Whether the cited line (and range end) lie inside a file of `lines` lines. */
export function fitsFile(c: Citation, lines: number): boolean {
  return [c.line, c.end].every((l) => l === undefined || (l >= 1 && l <= lines));
}

/** Every citation in inline code outside fenced blocks, in order, with the span's trimmed text. */
export function citationsIn(markdown: string, known?: KnownFiles): { text: string; citation: Citation }[] {
  const out: { text: string; citation: Citation }[] = [];
  replaceCodeSpans(stripFences(markdown), (whole, _ticks, raw) => {
    const citation = parseCitation(raw, known);
    if (citation) out.push({ text: raw.trim(), citation });
    return whole;
  });
  return out;
}

/** The distinct citations of a markdown text as written, for a draft's `citations` list. */
export function extractCitations(markdown: string, known?: KnownFiles): string[] {
  return [...new Set(citationsIn(markdown, known).map((c) => c.text))];
}

/**
 * Splits markdown into prose and fenced code blocks, as CommonMark opens and closes them: a run of
 * three or more backticks or tildes opens a block, which only a run of the same character at least
 * as long closes (so a ```` fence holds ``` lines), or the end of the text.
 */
function fenceSegments(md: string): { text: string; fenced: boolean }[] {
  const out: { text: string; fenced: boolean }[] = [];
  const lines = md.split(/(?<=\n)/);
  let prose = '';
  for (let i = 0; i < lines.length; i++) {
    const open = /^[ \t]*(`{3,}(?=[^`]*$)|~{3,})/.exec(lines[i]!);
    if (!open) {
      prose += lines[i];
      continue;
    }
    const fence = open[1]!;
    const close = new RegExp(`^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*\\r?\\n?$`);
    let block = lines[i]!;
    while (++i < lines.length) {
      block += lines[i];
      if (close.test(lines[i]!)) break;
    }
    if (prose) out.push({ text: prose, fenced: false });
    out.push({ text: block, fenced: true });
    prose = '';
  }
  if (prose) out.push({ text: prose, fenced: false });
  return out;
}

/** Markdown without its fenced code blocks; each leaves a blank line, so no code span runs across it. */
export function stripFences(md: string): string {
  return fenceSegments(md)
    .map((s) => (s.fenced ? '\n\n' : s.text))
    .join('');
}

/** Applies `fn` to the prose between fenced code blocks; the blocks stay as they are. */
export function replaceOutsideFences(md: string, fn: (prose: string) => string): string {
  return fenceSegments(md)
    .map((s) => (s.fenced ? s.text : fn(s.text)))
    .join('');
}

/**
 * Calls `fn` for each inline code span as CommonMark reads it: an opening backtick run closes only at
 * the next run of the same length, so a span such as ``a`b`` is one span, never two. `whole` carries
 * an optional space and "(" before the span and an optional ")" after it, so a removed citation can
 * take its parentheses with it.
 */
export function replaceCodeSpans(
  segment: string,
  fn: (whole: string, ticks: string, inner: string) => string,
): string {
  let out = '';
  let last = 0;
  let i = 0;
  while (i < segment.length) {
    if (segment[i] !== '`') {
      i++;
      continue;
    }
    let n = 0;
    while (segment[i + n] === '`') n++;
    const ticks = '`'.repeat(n);
    let close = -1;
    for (let j = i + n; j < segment.length;) {
      if (segment[j] === '\n' && segment[j + 1] === '\n') break; // a blank line ends the paragraph
      if (segment[j] !== '`') {
        j++;
        continue;
      }
      let m = 0;
      while (segment[j + m] === '`') m++;
      if (m === n) {
        close = j;
        break;
      }
      j += m;
    }
    if (close < 0) {
      i += n;
      continue;
    }
    let start = i;
    if (start - 1 >= last && segment[start - 1] === '(') start--;
    if (start - 1 >= last && /\s/.test(segment[start - 1]!)) start--;
    let end = close + n;
    if (segment[end] === ')') end++;
    out += segment.slice(last, start) + fn(segment.slice(start, end), ticks, segment.slice(i + n, close));
    last = end;
    i = end;
  }
  return out + segment.slice(last);
}
