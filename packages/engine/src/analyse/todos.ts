// Pass: TODO/FIXME/HACK/XXX/BUG markers written in comments, with file:line.

import { matchesWithLines, type Sources } from './sources.ts';
import type { FileInfo, TodoItem } from './types.ts';

// only prose-free languages: a TODO in a markdown checklist is not a code marker
const SKIP = new Set(['Markdown', 'JSON', 'Text', 'SVG', 'XML', 'reStructuredText']);
// the marker must follow a comment opener on the same line, so identifiers like `todoList` never match
const MARKER = /(?:\/\/+|#+|\/\*+|^[ \t]*\*|<!--|--|;+|%)[ \t]*(?:[^\n]*?[ \t(])?\b(TODO|FIXME|HACK|XXX|BUG)\b(?![/\w-])(?:\([^)\n]*\))?[:!\s-]*([^\n]*)/gm;

export function todosPass(src: Sources, files: FileInfo[]): TodoItem[] {
  const out: TodoItem[] = [];
  for (const f of files) {
    if (!f.language || SKIP.has(f.language)) continue;
    const text = src.text(f.path);
    if (text == null || !/TODO|FIXME|HACK|XXX|BUG/.test(text)) continue;
    for (const { m, line } of matchesWithLines(text, MARKER)) {
      const body = m[2]!.replace(/\s*(\*\/|-->)\s*$/, '').trim();
      out.push({ tag: m[1] as TodoItem['tag'], text: body.length > 200 ? body.slice(0, 197) + '…' : body, file: f.path, line });
    }
  }
  return out;
}
