// Pass: TODO/FIXME/HACK/XXX/BUG markers written in comments, with file:line.

import { lineState, linePrefix, matchesWithLines, type Sources } from './sources.ts';
import type { FileInfo, TodoItem } from './types.ts';

// only prose-free languages: a TODO in a markdown checklist is not a code marker
const SKIP = new Set(['Markdown', 'JSON', 'Text', 'SVG', 'XML', 'Maven', 'CSV', 'reStructuredText']);
// the marker must open a comment, so identifiers like `todoList` and prose that mentions "a TODO"
// never match; `todo`, `Todo` and `fixme` count when a separator follows (`// todo: namespaces`,
// `// todo - move rest`, `//todo(ann) x`, `// todo check`) or nothing does
const MARKER =
  /((?<!\/)\/\/+|(?<!#)#+|\/\*+|^[ \t]*\*|<!--|--|(?<!;);+|%)[ \t]*@?\b(TODO|FIXME|HACK|XXX|BUG|(?:[Tt]odo|[Ff]ix[Mm]e)(?=[ \t]*[:(-]|[ \t]+\w|[ \t]*$))\b(?![/\w-])(?:\([^)\n]*\))?[:! \t-]*([^\n]*)/gm;
/** The longest note kept; a longer one is cut at a word. */
const MAX_NOTE = 200;
// a line that opens another note or a doc tag (`@param`) ends the one above it
const NEW_NOTE = /^@?(?:TODO|FIXME|HACK|XXX|BUG|NOTE|[Tt]odo|[Ff]ix[Mm]e)\b|^@[a-z]/;
const BULLET = /^(?:[-*+•]|\d{1,3}[.)])[ \t]+/;
// commented-out code under a note is not its prose (`# TODO: set the style` over
// `# style_line = f"…"`, `// if self.has_sgr_sequences {`, `# return f"{item.value}"`)
const CODE_LINE =
  /[;{}]$|^[}\])]|^else:$|^(?:return|let|const|var|val|import)\s\S*[=({"'.[]|^[\w.$]+(?:\[[^\]\n]*\])?\s*[-+*/|&]?=[^=]|^[\w.$]+\(.*\);?$/;

/** Whether a comment line is code: `CODE_LINE`, or a Python head (`if item.help:`, not `for example:`). */
function isCode(body: string): boolean {
  // a call may carry its own trailing comment (`tr.Insert(x)  // panic expected`)
  const trailing = body.indexOf(' //');
  if (CODE_LINE.test(body) || (trailing > 0 && CODE_LINE.test(body.slice(0, trailing).trimEnd())))
    return true;
  return /^(?:if|elif|while|for|def|class)\b/.test(body) && body.endsWith(':') && /[.(_=[<>!]/.test(body);
}

/** A marker's text without the comment closer that ends its line. */
function withoutCloser(text: string): string {
  const t = text.trim();
  for (const closer of ['*/', '-->']) if (t.endsWith(closer)) return t.slice(0, -closer.length).trim();
  return t;
}

/**
 * `text` cut to at most `max` characters at a word, with "…": a URL or word is never cut
 * (`…once https://github.com/x/y/issues/222 has been fixed` → `…once…`).
 */
export function clipNote(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  const head = space > 0 ? text.slice(0, space) : text.slice(0, max - 1);
  let end = head.length;
  while (end > 0 && ' \t,;:(—-'.includes(head[end - 1]!)) end--;
  return `${head.slice(0, end)}…`;
}

/**
 * The rest of a marker's comment: the lines below it in the same comment (the same `//` or `#`
 * opener at the same or a deeper column, or the lines of its `/* … *\/` block), up to an empty
 * comment line, another note (`// NOTE:`), a `@param` tag, commented-out code or a list item. A
 * note continues (`// TODO: Refactor code to allow direct construction of` over `// the frame.`);
 * an empty marker heads a list, whose items are its note (`# TODO:` over `# - Remove the patch`
 * and `# - Drop x` is `Remove the patch; Drop x`).
 */
function restOfComment(
  text: string,
  lineEnd: number,
  opener: string,
  column: number,
  empty: boolean,
): string {
  const block = /^[ \t]*\*|^\/\*|^<!--/.test(opener);
  const closer = opener === '<!--' ? '-->' : '*/';
  // a block comment closed on the marker's line has nothing below
  if (block && text.slice(text.lastIndexOf('\n', lineEnd - 1) + 1, lineEnd).includes(closer)) return '';
  const items: string[] = [];
  let length = 0;
  let from = lineEnd;
  for (let n = 0; n < 12 && from >= 0 && from < text.length && length < MAX_NOTE; n++) {
    const next = text.indexOf('\n', from + 1);
    const line = text.slice(from + 1, next < 0 ? text.length : next);
    from = next;
    let body: string;
    let closed = false;
    if (block) {
      const end = line.indexOf(closer);
      closed = end >= 0;
      body = (closed ? line.slice(0, end) : line).replace(/^[ \t]*\*+(?!\/)/, '');
    } else {
      const indent = /^[ \t]*/.exec(line)![0].length;
      const rest = line.slice(indent);
      // the same opener, neither longer nor a doc comment's (`///`, `//**`, `//!` under `//`), nor at
      // a shallower column
      if (
        indent < column ||
        !rest.startsWith(opener) ||
        `${opener[0]}*!`.includes(rest[opener.length] ?? ' ')
      )
        break;
      body = withoutCloser(rest.slice(opener.length));
    }
    body = body.trim();
    if (!body || NEW_NOTE.test(body) || isCode(body)) break;
    const bullet = BULLET.exec(body);
    if (bullet && !empty) break;
    if (bullet || !items.length) items.push(body.slice(bullet ? bullet[0].length : 0));
    else items[items.length - 1] += ` ${body}`;
    length += body.length;
    if (closed) break;
  }
  return items.join('; ').replace(/\s+/g, ' ');
}

/**
 * Whether a file's code names a to-do (`const todo = …`, `class Todo`, `todos.map`): there a
 * comment opening with the word (`// todo item row`) speaks of the thing, and only a `todo:` or
 * `todo -` is a marker.
 */
function namesTodo(text: string): boolean {
  for (const m of text.matchAll(/\b[Tt]odos?\b/g)) {
    const prefix = linePrefix(text, m.index);
    if (!/\/\/|#|\/\*|^[ \t]*\*|--|;|%|<!--/.test(prefix) && lineState(prefix) === 'code') return true;
  }
  return false;
}

/**
 * Whether a position of a markup file lies inside a `<pre>` or `<code>` element: the sample code a
 * page shows its readers (`<pre><span># FIXME: replace the schedule</span>`), whose comments are
 * the sample's, not the product's debt.
 */
function inSampleCode(lower: string, index: number): boolean {
  const before = lower.slice(0, index);
  for (const tag of ['pre', 'code']) {
    const open = Math.max(before.lastIndexOf(`<${tag}>`), before.lastIndexOf(`<${tag} `));
    if (open >= 0 && before.lastIndexOf(`</${tag}>`) < open) return true;
  }
  return false;
}

export function todosPass(src: Sources, files: FileInfo[]): TodoItem[] {
  const out: TodoItem[] = [];
  for (const f of files) {
    if (!f.language || SKIP.has(f.language)) continue;
    const text = src.text(f.path);
    if (text == null || !/TODO|FIXME|HACK|XXX|BUG/i.test(text)) continue;
    const lower = /\.html?$/i.test(f.path) ? text.toLowerCase() : undefined;
    let names: boolean | undefined;
    for (const { m, line } of matchesWithLines(text, MARKER)) {
      // a comment opener inside a string literal is test data or a message, not a comment
      if (lineState(linePrefix(text, m.index)) === 'string') continue;
      if (lower && inSampleCode(lower, m.index)) continue;
      const [, opener, tag, rest] = m as unknown as [string, string, string, string];
      // a lower-case word with only a space after it is a marker unless the code names to-dos
      if (/[a-z]/.test(tag) && /^[ \t]*(?:\w|$)/.test(m[0].slice(m[0].indexOf(tag) + tag.length)))
        if ((names ??= namesTodo(text))) continue;
      const own = withoutCloser(rest);
      const lineStart = text.lastIndexOf('\n', m.index) + 1;
      const column = m.index - lineStart + (/^[ \t]*/.exec(opener)?.[0].length ?? 0);
      const lineEnd = text.indexOf('\n', m.index + m[0].length);
      const below = lineEnd < 0 ? '' : restOfComment(text, lineEnd, opener.trim(), column, !own);
      const body = [own, below].filter(Boolean).join(' ');
      out.push({
        tag: tag.toUpperCase() as TodoItem['tag'],
        text: clipNote(body, MAX_NOTE),
        file: f.path,
        line,
      });
    }
  }
  return out;
}
