// Components / modules: one entry per module with its size, largest files and exported symbols.

import { factsOf } from '../facts.ts';
import { abstractionsSentence } from '../how-it-works.ts';
import { CLI_KINDS, keyComponentParts, qualifiedName, rankedApi } from '../identity-text.ts';
import { toldElsewhere, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
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
    const nodes = factsOf(a).modules;
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

export function writeComponents(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const mods = a.moduleGraph.nodes.length
    ? fx.modules
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
  const apart = (a.identity?.nonProduct ?? []).map((n) => n.path.replace(/\/$/, ''));
  const owner = (p: string) =>
    apart.some((x) => p === x || p.startsWith(`${x}/`))
      ? undefined
      : ids.find((id) => (id === '' || id === '.' ? !p.includes('/') : p.startsWith(`${id}/`)));
  const within = (id: string, p: string) => owner(p) === id;
  // a module's figures are those of the product files told under it, so its largest files never
  // outweigh it and the modules add up to the product
  const told = mods
    .map((m) => {
      const own = fx.productFiles.filter((f) => within(m.id, f.path));
      return own.length ? { ...m, files: own.length, lines: own.reduce((n, f) => n + f.code, 0) } : m;
    })
    .sort((x, y) => y.lines - x.lines);
  // the public names the identity layer counted, in reading order: each module's share of the one
  // count the summary and the API chapter give, never a second count by another rule
  const publicNames = a.identity ? rankedApi(a.identity).filter((e) => !CLI_KINDS.has(e.kind)) : [];
  const blocks = told.slice(0, 10).map((m) => {
    const files = fx.productFiles.filter((f) => within(m.id, f.path)).sort((x, y) => y.code - x.code);
    const syms = (publicNames.length ? publicNames : fx.exportedSymbols).filter((s) => within(m.id, s.path));
    const symText = syms.length
      ? ` It exports ${plural(syms.length, publicNames.length ? 'public name' : 'symbol')}, among them ${joinSome(
          syms.slice(0, 4).map((s) => `${code(qualifiedName(s))} (${text(s.kind)}, ${cite(s.path, s.line)})`),
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
    told.length > 10
      ? `${plural(told.length - 10, 'smaller module')} (${joinSome(
          told.slice(10).map((m) => code(m.id)),
          6,
        )}) hold the remaining code.`
      : '';
  // The key components first, told in full here: the product files the rest of the code refers to most.
  const key = keyComponentParts(a);
  // the central types belong with the mechanism, in the architecture section when the report has one
  const types =
    a.flow && !toldElsewhere(ctx, 'architecture', 'modules') && !toldElsewhere(ctx, 'architecture', 'flow')
      ? abstractionsSentence(a.flow)
      : null;
  return paragraphs(
    ...key,
    types,
    mods.length > 1
      ? `The code is organised in ${plural(mods.length, 'module')}; the largest come first.`
      : '',
    ...blocks,
    rest,
  );
}
