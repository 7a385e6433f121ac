// Intros for chapters (and sections) that have children: a specific lead-in built from the
// children's findings (matched on each child's focus), so the intro says true things about the code.

import type { Finding, WriterInput } from '../types.ts';
import { citeRef, paragraphs, text } from './markdown.ts';

export function writeIntro(input: WriterInput, projectName: string): string {
  const used = new Set<string>();
  const lines: string[] = [];
  for (const child of input.children) {
    const all = input.childFindings[child.id] ?? [];
    const focused = child.focus ? all.filter((f) => f.aspect === child.focus) : all;
    const f =
      focused.find((x) => !used.has(x.statement)) ??
      (child.focus ? undefined : all.find((x) => !used.has(x.statement)));
    if (!f) continue;
    used.add(f.statement);
    lines.push(`- **${text(child.title)}** — ${withCitation(f)}`);
  }
  const own = input.findings.find((f) => !used.has(f.statement));
  const lead = own
    ? withCitation(own)
    : lines.length
      ? `For ${text(projectName)}, the ${lines.length === 1 ? 'section' : `${lines.length} sections`} below ${lines.length === 1 ? 'rests' : 'rest'} on these findings:`
      : '';
  return (
    paragraphs(lead, lines.join('\n')) ||
    `${text(projectName)} offers no evidence on “${text(input.plan.title)}” beyond what the sections below report.`
  );
}

function withCitation(f: Finding): string {
  const c = f.citations[0];
  if (!c) return f.statement;
  return `${f.statement} (${citeRef(c)})`;
}
