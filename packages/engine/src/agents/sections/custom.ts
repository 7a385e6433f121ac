// Custom sections (titles no keyword matched): retrieve the most relevant files with BM25 over

import type { Analysis } from '../../analyse/types.ts';
import { Bm25Index, buildDocuments, tokenize } from '../../retrieval/index.ts';
import type { WriterContext } from '../writers/context.ts';
import { cite, code, joinSome, num, paragraphs, plural, text } from '../writers/markdown.ts';
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

// paths, symbols, docs and comments, then describe those files and cite them.

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
  const terms = [...new Set(tokenize(plan.title))];
  if (!hits.length) {
    return `None of the ${plural(index.size, 'indexed file')} mentions ${
      terms.length
        ? joinSome(
            terms.map((t) => `“${text(t)}”`),
            4,
          )
        : 'the words of this title'
    } in its path, symbols, documentation or comments, so the code base has nothing specific on “${text(plan.title)}”. The closest material is the overall structure: ${
      joinSome(
        a.tree.children.map((d) => `${code(`${d.name}/`)} (${plural(d.files, 'file')})`),
        5,
      ) || `${plural(a.project.files, 'file')} at the root`
    }.`;
  }
  const blocks = hits.map((h, i) => {
    const f = fx.fileByPath.get(h.id);
    const syms = a.symbols.filter((s) => s.path === h.id);
    const imps = [...new Set(a.imports.filter((x) => x.from === h.id).map((x) => x.specifier))];
    const usedBy = [...new Set(a.imports.filter((x) => x.resolved === h.id).map((x) => x.from))];
    const size = f
      ? `${text(f.language ?? 'text')}, ${num(f.code)} lines of code${f.comment ? ` and ${num(f.comment)} of comments` : ''}`
      : 'file';
    const symText = syms.length
      ? ` It declares ${joinSome(
          syms.slice(0, 5).map((s) => `${code(s.name)} (${text(s.kind)}, ${cite(s.path, s.line)})`),
          5,
        )}.`
      : '';
    const impText = imps.length ? ` It imports ${joinSome(imps.map(code), 5)}.` : '';
    const useText = usedBy.length
      ? ` ${joinSome(
          usedBy.map((p) => cite(p)),
          3,
        )} ${usedBy.length === 1 ? 'imports' : 'import'} it.`
      : '';
    return `${i + 1}. ${cite(h.id)} — ${size}; matched on ${joinSome(
      h.matched.map((t) => `“${text(t)}”`),
      4,
    )}.${symText}${impText}${useText}`;
  });
  const lead = `“${text(plan.title)}” is not a standard report topic, so the files were ranked by relevance to it (BM25 over file paths, symbol names, documentation headings and comments${parent ? `, with the context of “${text(parent.title)}”` : ''}). ${hits.length === 1 ? 'One file matches' : `The ${hits.length} most relevant files are`}:`;
  return paragraphs(lead, blocks.join('\n'));
}
