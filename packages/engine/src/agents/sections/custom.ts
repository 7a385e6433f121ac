// Custom sections (titles no keyword matched): retrieve the most relevant files with BM25 over
// paths, symbols, docs and comments, then describe those files and cite them.

import type { Analysis } from '../../analyse/types.ts';
import { Bm25Index, buildDocuments, tokenize } from '../../retrieval/index.ts';
import type { WriterContext } from '../writers/context.ts';
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
  unique,
  when,
} from '../writers/markdown.ts';
import { defineSection } from './define.ts';

export const custom = defineSection({
  kind: 'custom',
  keywords: [],
  evidence: ['retrieval over paths, symbols, docs and comments'],
  analyst() {
    return [];
  },
  writer: writeCustom,
});

const indexes = new WeakMap<Analysis, Promise<Bm25Index>>();

/** One index per analysis, built on first use and shared by all custom sections of a report. */
export function indexFor(a: Analysis, root: string | undefined): Promise<Bm25Index> {
  let p = indexes.get(a);
  if (!p) {
    p = buildDocuments(a, root).then((docs) => new Bm25Index(docs));
    indexes.set(a, p);
  }
  return p;
}

export async function writeCustom({ a, fx, plan, parent, workspace }: WriterContext): Promise<string> {
  const index = await indexFor(a, workspace.root);
  const query = parent ? `${plan.title} ${plan.title} ${parent.title}` : plan.title;
  const hits = index.search(query, 5);
  const terms = unique(tokenize(plan.title));
  const quote = (t: string) => `“${text(t)}”`;
  if (!hits.length) {
    const words = terms.length ? joinSome(terms.map(quote), 4) : 'the words of this title';
    const folders = joinSome(
      a.tree.children.map((d) => `${code(`${d.name}/`)} (${plural(d.files, 'file')})`),
      5,
    );
    const closest = folders || `${plural(a.project.files, 'file')} at the root`;
    const nothing = sentence(
      `None of the ${plural(index.size, 'indexed file')} mentions ${words}`,
      ' in its path, symbols, documentation or comments',
      `, so the code base has nothing specific on ${quote(plan.title)}`,
    );
    return `${nothing} The closest material is the overall structure: ${closest}.`;
  }
  const blocks = hits.map((h, i) => {
    const f = fx.fileByPath.get(h.id);
    const syms = a.symbols.filter((s) => s.path === h.id);
    const imps = unique(a.imports.filter((x) => x.from === h.id).map((x) => x.specifier));
    const usedBy = unique(a.imports.filter((x) => x.resolved === h.id).map((x) => x.from));
    const comments = when(f?.comment, ` and ${num(f?.comment ?? 0)} of comments`);
    const size = f ? `${text(f.language ?? 'text')}, ${num(f.code)} lines of code${comments}` : 'file';
    const declared = syms
      .slice(0, 5)
      .map((s) => `${code(s.name)} (${text(s.kind)}, ${cite(s.path, s.line)})`);
    const importers = joinSome(
      usedBy.map((p) => cite(p)),
      3,
    );
    const symText = when(syms.length, ` It declares ${joinSome(declared, 5)}.`);
    const impText = when(imps.length, ` It imports ${joinSome(imps.map(code), 5)}.`);
    const useText = when(usedBy.length, ` ${importers} ${agree(usedBy.length, 'imports', 'import')} it.`);
    const matched = joinSome(h.matched.map(quote), 4);
    return `${i + 1}. ${cite(h.id)} — ${size}; matched on ${matched}.${symText}${impText}${useText}`;
  });
  const context = when(parent, `, with the context of ${quote(parent?.title ?? '')}`);
  const ranked = sentence(
    `${quote(plan.title)} is not a standard report topic, so the files were ranked by relevance to it`,
    ` (BM25 over file paths, symbol names, documentation headings and comments${context})`,
  );
  const count = hits.length === 1 ? 'One file matches' : `The ${hits.length} most relevant files are`;
  const lead = `${ranked} ${count}:`;
  return paragraphs(lead, blocks.join('\n'));
}
