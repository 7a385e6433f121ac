// Pass: TODO/FIXME/HACK/XXX/BUG markers written in comments, with file:line.

import { lineState, linePrefix, matchesWithLines, type Sources } from './sources.ts';
import type { FileInfo, TodoItem } from './types.ts';

// only prose-free languages: a TODO in a markdown checklist is not a code marker
const SKIP = new Set(['Markdown', 'JSON', 'Text', 'SVG', 'XML', 'Maven', 'CSV', 'reStructuredText']);
// the marker must open a comment, so identifiers like `todoList` and prose that mentions "a TODO"
// never match; `Todo:` and `fixme:` written in lower or mixed case count when a colon follows
const MARKER =
  /(?:(?<!\/)\/\/+|(?<!#)#+|\/\*+|^[ \t]*\*|<!--|--|(?<!;);+|%)[ \t]*@?\b(TODO|FIXME|HACK|XXX|BUG|(?:[Tt]odo|[Ff]ix[Mm]e)(?=:))\b(?![/\w-])(?:\([^)\n]*\))?[:!\s-]*([^\n]*)/gm;

/** A marker's text without the comment closer that ends its line. */
function withoutCloser(text: string): string {
  const t = text.trim();
  for (const closer of ['*/', '-->']) if (t.endsWith(closer)) return t.slice(0, -closer.length).trim();
  return t;
}

export function todosPass(src: Sources, files: FileInfo[]): TodoItem[] {
  const out: TodoItem[] = [];
  for (const f of files) {
    if (!f.language || SKIP.has(f.language)) continue;
    const text = src.text(f.path);
    if (text == null || !/TODO|FIXME|HACK|XXX|BUG|todo:|fixme:/i.test(text)) continue;
    for (const { m, line } of matchesWithLines(text, MARKER)) {
      // a comment opener inside a string literal is test data or a message, not a comment
      if (lineState(linePrefix(text, m.index)) === 'string') continue;
      const body = withoutCloser(m[2]!);
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
