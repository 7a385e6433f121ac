// Intros for chapters (and sections) that have children: a specific lead-in built from the
// children's findings, so the intro says something true about the code, not what follows in general.

import type { WriterInput } from '../types.ts';
import { cite, paragraphs } from './markdown.ts';

export function writeIntro(input: WriterInput, projectName: string): string {
  const own = input.findings[0];
  const lines: string[] = [];
  for (const child of input.children) {
    const f = input.childFindings[child.id]?.[0];
    if (!f) continue;
    const c = f.citations[0];
    lines.push(`- **${child.title}** — ${f.statement}${c ? ` (${cite(...split(c))})` : ''}`);
  }
  const lead = own
    ? `${own.statement}${own.citations[0] ? ` (${cite(...split(own.citations[0]))})` : ''}`
    : `${projectName}: the ${input.children.length === 1 ? 'section below looks' : `${input.children.length} sections below look`} at “${input.plan.title}” from the code base’s own evidence.`;
  return paragraphs(lead, lines.length ? `In brief:\n\n${lines.join('\n')}` : '');
}

function split(c: string): [string, number | undefined] {
  const m = /^(.*?):(\d+)$/.exec(c);
  return m ? [m[1]!, Number(m[2])] : [c, undefined];
}
