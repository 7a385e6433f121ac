// Pass: TODO/FIXME/HACK/XXX/BUG markers written in comments, with file:line.

import { lineState, linePrefix, matchesWithLines, type Sources } from './sources.ts';
import type { FileInfo, TodoItem } from './types.ts';

// only prose-free languages: a TODO in a markdown checklist is not a code marker
const SKIP = new Set(['Markdown', 'JSON', 'Text', 'SVG', 'XML', 'Maven', 'CSV', 'reStructuredText']);
// the marker must open a comment, so identifiers like `todoList` and prose that mentions "a TODO"
// never match; `Todo:` and `fixme:` written in lower or mixed case count when a colon follows
const MARKER =
  /(?:(?<!\/)\/\/+|(?<!#)#+|\/\*+|^[ \t]*\*|<!--|--|(?<!;);+|%)[ \t]*@?\b(TODO|FIXME|HACK|XXX|BUG|(?:[Tt]odo|[Ff]ix[Mm]e)(?=:))\b(?![/\w-])(?:\([^)\n]*\))?[:! \t-]*([^\n]*)/gm;

/** A marker's text without the comment closer that ends its line. */
function withoutCloser(text: string): string {
  const t = text.trim();
  for (const closer of ['*/', '-->']) if (t.endsWith(closer)) return t.slice(0, -closer.length).trim();
  return t;
}

/**
 * The comment lines right below an empty marker (`// TODO:` over `// lzma: Opera.`), without their
 * comment markers, up to an empty comment line or the end of the comment.
 */
function followingComment(text: string, end: number): string {
  const out: string[] = [];
  for (const line of text.slice(end).split('\n').slice(1, 8)) {
    const m = /^[ \t]*(?:\/\/|#|\*(?!\/)|--|;)(.*)$/.exec(line);
    // the rest of a doubled marker (`///`, `##`) and the space after it are not the text
    const body = m ? withoutCloser(m[1]!.replace(/^[/#;]*/, '')) : '';
    if (!m || !body) break;
    out.push(body);
  }
  return out.join(' ').replace(/\s+/g, ' ');
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
    if (text == null || !/TODO|FIXME|HACK|XXX|BUG|todo:|fixme:/i.test(text)) continue;
    const lower = /\.html?$/i.test(f.path) ? text.toLowerCase() : undefined;
    for (const { m, line } of matchesWithLines(text, MARKER)) {
      // a comment opener inside a string literal is test data or a message, not a comment
      if (lineState(linePrefix(text, m.index)) === 'string') continue;
      if (lower && inSampleCode(lower, m.index)) continue;
      // an empty marker heads a list: its body is the comment lines below it
      const body = withoutCloser(m[2]!) || followingComment(text, m.index + m[0].length);
      out.push({
        tag: m[1]!.toUpperCase() as TodoItem['tag'],
        text: body.length > 200 ? body.slice(0, 197) + '…' : body,
        file: f.path,
        line,
      });
    }
  }
  return out;
}
