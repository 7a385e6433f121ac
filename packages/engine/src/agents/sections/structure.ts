// Project structure: the directory tree (two levels) with file counts and code lines, plus root files.

import type { DirNode } from '../../analyse/types.ts';
import type { WriterContext } from '../writers/context.ts';
import { cite, code, codeBlock, joinSome, num, paragraphs, plural, text } from '../writers/markdown.ts';
import { defineSection, finding as f } from './define.ts';

export const structure = defineSection({
  kind: 'structure',
  keywords: [
    'project structure',
    'directory structure',
    'folder structure',
    'repository layout',
    'layout',
    'file structure',
    'structure',
    'organisation',
    'organization',
    'source tree',
    'codebase',
  ],
  evidence: ['tree', 'files'],
  analyst(a) {
    return [
      f(
        `The top level has ${plural(a.tree.children.length, 'directory', 'directories')}: ${joinSome(
          a.tree.children.map((d) => `${text(d.name)}/ (${plural(d.files, 'file')})`),
          5,
        )}.`,
      ),
    ];
  },
  writer: writeStructure,
});

function render(node: DirNode, depth: number, maxDepth: number, out: string[]): void {
  for (const c of node.children.slice(0, 12)) {
    out.push(
      `${'  '.repeat(depth)}${c.name.replace(/[\r\n]/g, ' ')}/  (${plural(c.files, 'file')}, ${num(c.lines)} lines of code)`,
    );
    if (depth + 1 < maxDepth) render(c, depth + 1, maxDepth, out);
  }
  if (node.children.length > 12)
    out.push(
      `${'  '.repeat(depth)}… ${plural(node.children.length - 12, 'more directory', 'more directories')}`,
    );
}

export function writeStructure({ a }: WriterContext): string {
  const t = a.tree;
  const rootFiles = a.files.filter((f) => !f.path.includes('/'));
  const lines: string[] = [];
  render(t, 0, 3, lines);
  const biggest = t.children[0];
  const lead = biggest
    ? `The repository has ${plural(t.children.length, 'top-level directory', 'top-level directories')}; ${code(`${biggest.name}/`)} is the largest with ${plural(biggest.files, 'file')} and ${num(biggest.lines)} lines of code (${Math.round((biggest.lines / Math.max(1, a.project.lines.code)) * 100)}% of the total).`
    : `All ${plural(a.project.files, 'file')} sit at the repository root.`;
  return paragraphs(
    lead,
    lines.length ? codeBlock(lines.join('\n'), 'text') : '',
    rootFiles.length
      ? `Files at the root: ${joinSome(
          rootFiles.map((f) => cite(f.path)),
          12,
        )}.`
      : '',
    a.skipped.length
      ? `${plural(a.skipped.length, 'path')} were left out of the analysis: ${joinSome(countReasons(a.skipped), 6)}.`
      : '',
  );
}

function countReasons(skipped: { reason: string }[]): string[] {
  const m = new Map<string, number>();
  for (const s of skipped) m.set(s.reason, (m.get(s.reason) ?? 0) + 1);
  return [...m.entries()].sort((x, y) => y[1] - x[1]).map(([r, n]) => `${num(n)} ${text(r)}`);
}
