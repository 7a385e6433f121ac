// The coverage appendix: what the model read of the product before writing — modules in full, as
// signatures, by name only, or not at all, with their sizes — and which sections the budget left to
// the offline writer, so a reader knows what the report rests on.

import type { ModelSession } from '../../llm/client.ts';
import type { Appendix } from '../types.ts';
import { agree, code, num, plural, table, text } from '../writers/markdown.ts';
import type { Depth, ReadFile } from './reading.ts';
import type { Reading } from './summaries.ts';

export const COVERAGE_TITLE = 'Appendix: What the Model Read';
/** Modules listed by name; the rest are counted in one closing row. */
const MAX_ROWS = 30;

const LABEL: Record<Depth, string> = {
  full: 'in full',
  signatures: 'as signatures',
  names: 'by name only',
  none: 'not read',
};

/** How a module was read, in words: one depth, or the mix of its files' depths. */
function readAs(files: ReadFile[]): string {
  const by = new Map<Depth, number>();
  for (const f of files) by.set(f.depth, (by.get(f.depth) ?? 0) + 1);
  if (by.size === 1) return LABEL[files[0]!.depth];
  return (['full', 'signatures', 'names', 'none'] as Depth[])
    .filter((d) => by.has(d))
    .map((d) => `${num(by.get(d)!)} ${LABEL[d]}`)
    .join(', ');
}

export function coverageAppendix(
  reading: Reading,
  session: Pick<ModelSession, 'name' | 'usage' | 'config'>,
  offlineSections: string[],
): Appendix {
  const failed = new Set(reading.failed);
  // a module whose summary request failed was not read, whatever the plan said
  const files = reading.plan.files.map((f) =>
    failed.has(f.module) && (f.depth === 'full' || f.depth === 'signatures')
      ? { ...f, depth: 'none' as Depth }
      : f,
  );
  const lines = (list: ReadFile[]) => list.reduce((n, f) => n + f.lines, 0);
  const totals = (['full', 'signatures', 'names', 'none'] as Depth[]).map((d) => {
    const list = files.filter((f) => f.depth === d);
    return [LABEL[d].replace(/^./, (c) => c.toUpperCase()), num(list.length), num(lines(list))];
  });
  const reached = files.filter((f) => f.depth === 'full' || f.depth === 'signatures').length;
  const share = files.length ? Math.round((reached / files.length) * 100) : 0;

  const modules = new Map<string, ReadFile[]>();
  for (const f of files) modules.set(f.module, [...(modules.get(f.module) ?? []), f]);
  const rows = [...modules.entries()]
    .map(([module, list]) => ({ module, list, lines: lines(list) }))
    .sort((x, y) => y.lines - x.lines || x.module.localeCompare(y.module));
  const shown = rows
    .slice(0, MAX_ROWS)
    .map((r) => [
      code(r.module === '.' ? '(root)' : `${r.module}/`),
      num(r.list.length),
      num(r.lines),
      readAs(r.list),
    ]);
  const rest = rows.slice(MAX_ROWS);
  if (rest.length)
    shown.push([
      text(`${plural(rest.length, 'more module')}`),
      num(rest.reduce((n, r) => n + r.list.length, 0)),
      num(rest.reduce((n, r) => n + r.lines, 0)),
      '',
    ]);

  const u = session.usage;
  const used = u.inputTokens + u.outputTokens;
  const estimate = reading.plan.estimate.totalTokens;
  const parts = [
    `This report was written with the language model ${code(session.name)}. Before writing, the model read the product's ${plural(files.length, 'source file')} module by module, within the report's budget of ${num(session.config.maxTokensPerReport)} tokens: ${num(share)}% of them reached it in full or as signatures (declarations and their comments). Each section rests on these summaries, on the static analysis of every file, and on excerpts of the lines it cites.`,
    table(['Read', 'Files', 'Lines of code'], totals, ['l', 'r', 'r']),
    table(['Module', 'Files', 'Lines of code', 'Read'], shown, ['l', 'r', 'r', 'l']),
    `The model answered ${plural(u.requests, 'request')}${u.cacheHits ? ` (${num(u.cacheHits)} more ${agree(u.cacheHits, 'was', 'were')} answered from the cache of earlier reports)` : ''} with ${num(used)} tokens in all; the plan made before the first request estimated ${num(estimate)}.`,
  ];
  if (offlineSections.length)
    parts.push(
      `The budget left ${plural(offlineSections.length, 'section')} to the offline writer, which works from the static analysis alone: ${offlineSections.map((t) => `“${text(t)}”`).join(', ')}.`,
    );
  return { title: COVERAGE_TITLE, markdown: parts.join('\n\n') };
}
