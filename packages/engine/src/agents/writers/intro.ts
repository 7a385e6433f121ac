// Intros for chapters (and sections) that have children: the chapter's own finding when it has one
// that no section below states; otherwise nothing, since a heading needs no scaffolding sentence.

import type { Finding, WriterInput } from '../types.ts';
import { citeRef } from './markdown.ts';

export function writeIntro(input: WriterInput): string {
  // the sections below state their own findings; a chapter repeats none of them, and opens with a
  // finding of its own only when it has one
  const told = new Set(
    input.children.flatMap((c) => (input.childFindings[c.id] ?? []).map((f) => f.statement)),
  );
  const own = input.findings.find((f) => !told.has(f.statement));
  return own ? withCitation(own) : '';
}

function withCitation(f: Finding): string {
  const c = f.citations[0];
  if (!c) return f.statement;
  return `${f.statement} (${citeRef(c)})`;
}
