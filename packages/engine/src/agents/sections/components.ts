// Components / modules: one entry per module with its size, largest files and exported symbols.

import type { Analysis } from '../../analyse/types.ts';
import { abstractionsSentence } from '../how-it-works.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  clipSentences,
  code,
  joinSome,
  num,
  paragraphs,
  plural,
  sentence,
  text,
  when,
} from '../writers/markdown.ts';
import { defineSection, finding as f } from './define.ts';

export const components = defineSection({
  kind: 'components',
  keywords: [
    'components',
    'modules',
    'packages',
    'subsystems',
    'services',
    'building blocks',
    'key files',
    'main modules',
    'code organisation',
    'code organization',
    'core modules',
    'component',
    'module',
    'service',
    'package',
  ],
  evidence: ['moduleGraph', 'tree', 'symbols', 'files'],
  analyst(a) {
    const nodes = productModules(a);
    const out = nodes.slice(0, 4).map((n) => {
      const name = n.id === '.' || n.id === '' ? 'The root folder' : text(n.id);
      return f(`${name} has ${plural(n.files, 'file')} and ${num(n.lines)} lines of code.`);
    });
    if (!out.length)
      for (const d of a.tree.children.slice(0, 4))
        out.push(f(`${text(d.path)} has ${plural(d.files, 'file')} and ${num(d.lines)} lines of code.`));
    return out;
  },
  writer: writeComponents,
});

/**
 * The product's modules, largest first: test helpers, examples and docs are described in their own
 * sections, and a generated or copied file (a compiled stylesheet) leaves its module's counts.
 */
function productModules(a: Analysis): { id: string; files: number; lines: number }[] {
  const apart = (a.identity?.nonProduct ?? []).map((n) => n.path.replace(/\/$/, ''));
  const isApart = (p: string) => apart.some((x) => p === x || p.startsWith(`${x}/`));
  const mods = new Map(a.moduleGraph.nodes.filter((n) => !isApart(n.id)).map((n) => [n.id, { ...n }]));
  const byDepth = [...a.moduleGraph.nodes].sort((x, y) => y.id.length - x.id.length);
  for (const f of a.files) {
    if (!isApart(f.path)) continue;
    // a module is a folder cut to the graph's depth: the longest module id above the file holds it
    const home = byDepth.find((m) => m.id === '.' || m.id === '' || f.path.startsWith(`${m.id}/`));
    const kept = home && mods.get(home.id);
    if (!kept) continue;
    kept.files -= 1;
    kept.lines -= f.code;
  }
  return [...mods.values()]
    .filter((m) => m.files > 0 && m.lines > 0)
    .sort((x, y) => y.lines - x.lines)
    .map(({ id, files, lines }) => ({ id, files, lines }));
}

export function writeComponents({ a, fx }: WriterContext): string {
  const mods = a.moduleGraph.nodes.length
    ? productModules(a)
    : a.tree.children.map((d) => ({ id: d.path, files: d.files, lines: d.lines }));
  if (!mods.length) {
    const largest = joinSome(
      fx.largestFiles.slice(0, 4).map((f) => `${cite(f.path)} (${num(f.code)} lines)`),
      4,
    );
    return sentence(
      `All ${plural(a.project.files, 'file')} sit at the repository root, so there are no separate modules`,
      `; the largest are ${largest}`,
    );
  }
  // Each file belongs to the most specific module containing it ("src/routes" before "src").
  const ids = mods.map((m) => m.id).sort((x, y) => y.length - x.length);
  const owner = (p: string) => ids.find((id) => id === '' || id === '.' || p.startsWith(`${id}/`));
  const within = (id: string, p: string) => owner(p) === id;
  const blocks = mods.slice(0, 10).map((m) => {
    const files = fx.sourceFiles.filter((f) => within(m.id, f.path)).sort((x, y) => y.code - x.code);
    const syms = fx.exportedSymbols.filter((s) => within(m.id, s.path));
    const symText = syms.length
      ? ` It exports ${plural(syms.length, 'symbol')}, among them ${joinSome(
          syms.slice(0, 4).map((s) => `${code(s.name)} (${text(s.kind)}, ${cite(s.path, s.line)})`),
          4,
        )}.`
      : '';
    const largest = joinSome(
      files.slice(0, 3).map((f) => `${cite(f.path)} (${num(f.code)} lines)`),
      3,
    );
    const fileText = when(
      files.length,
      ` Its ${agree(files.length, 'largest file is', 'largest files are')} ${largest}.`,
    );
    const name = m.id && m.id !== '.' ? code(m.id) : '(root)';
    return `**${name}** — ${plural(m.files, 'file')}, ${num(m.lines)} lines of code.${fileText}${symText}`;
  });
  const rest =
    mods.length > 10
      ? `${plural(mods.length - 10, 'smaller module')} (${joinSome(
          mods.slice(10).map((m) => code(m.id)),
          6,
        )}) hold the remaining code.`
      : '';
  // The key components first: the product files the rest of the code refers to most.
  const key = (a.identity?.keyComponents ?? []).slice(0, 5);
  const keyText = key.length
    ? `The key components, ranked by how much of the product refers to them: ${joinSome(
        key.map(
          (k) => `${cite(k.path)}${when(k.summary, ` (${text(clipSentences(k.summary ?? '', 120))})`)}`,
        ),
        5,
      )}.`
    : '';
  return paragraphs(
    keyText,
    a.flow && abstractionsSentence(a.flow),
    `The code is organised in ${plural(mods.length, 'module')}; the largest come first.`,
    ...blocks,
    rest,
  );
}
