// What a section is about, in the code: the product's files ranked by PageRank over the reference
// graph, personalised by the section's topic (as aider's repository map seeds its ranking with the
// files and names of the conversation). The seeds are the files the section's findings cite and the
// files whose path or definitions name the section's title or its kind's keywords; the ranking then
// carries their weight to the code they use. Without seeds the global ranking stands.

import { pageRank, type Graph } from '../../analyse/identity/rank.ts';
import type { Analysis } from '../../analyse/types.ts';
import { splitCitation } from '../../citations.ts';
import { sectionOf } from '../sections/index.ts';
import type { Finding, SectionPlan } from '../types.ts';

const STOP = new Set([
  'and',
  'the',
  'for',
  'with',
  'from',
  'into',
  'overview',
  'section',
  'chapter',
  'details',
  'other',
  'general',
  'notes',
  'custom',
]);

/** The words of a section's title, focus and kind keywords that can name code (4+ letters, no filler). */
export function topicWords(plan: Pick<SectionPlan, 'title' | 'kind' | 'focus'>): string[] {
  const phrases = [
    plan.title,
    plan.focus ?? '',
    ...(plan.kind === 'custom' ? [] : sectionOf(plan.kind).keywords),
  ];
  const words = phrases
    .join(' ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 4 && !STOP.has(w));
  return [...new Set(words)];
}

/** The files a section's topic starts from: those its findings cite, those whose path or definitions name it. */
export function topicSeeds(
  graph: Graph,
  analysis: Pick<Analysis, 'symbols'>,
  plan: Pick<SectionPlan, 'title' | 'kind' | 'focus'>,
  findings: Finding[],
): string[] {
  const nodes = new Set(graph.nodes);
  const seeds = new Set<string>();
  for (const c of findings.flatMap((f) => f.citations)) {
    const p = splitCitation(c).path;
    if (nodes.has(p)) seeds.add(p);
  }
  const words = topicWords(plan);
  // a word matches the start of a path segment or of a definition's name ("auth" in authMiddleware)
  const names = (s: string) =>
    s
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
  const matches = (s: string) =>
    names(s).some((n) => words.some((w) => n.startsWith(w) || (n.length >= 4 && w.startsWith(n))));
  if (words.length) {
    for (const p of graph.nodes) if (matches(p)) seeds.add(p);
    for (const s of analysis.symbols) if (nodes.has(s.path) && matches(s.name)) seeds.add(s.path);
  }
  return [...seeds].sort();
}

/** The product's files ranked for one section: personalised by its topic, else the global ranks. */
export function topicRanks(
  graph: Graph | undefined,
  analysis: Pick<Analysis, 'symbols' | 'identity'>,
  plan: Pick<SectionPlan, 'title' | 'kind' | 'focus'>,
  findings: Finding[],
): { ranks: Map<string, number>; seeds: string[] } {
  const global = new Map(Object.entries(analysis.identity?.fileRanks ?? {}));
  if (!graph?.nodes.length) return { ranks: global, seeds: [] };
  const seeds = topicSeeds(graph, analysis, plan, findings);
  // a topic every file matches says nothing about where to look
  if (!seeds.length || seeds.length === graph.nodes.length) return { ranks: global, seeds: [] };
  return { ranks: pageRank(graph, seeds), seeds };
}
