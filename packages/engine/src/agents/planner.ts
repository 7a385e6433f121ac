// The planner: maps every template entry to a section kind by its title (keywords and synonyms,
// with the parent's kind as context for vague subsection titles) and lists the evidence it needs.

import type { ReportTemplate } from '../template/types.ts';
import { SECTIONS } from './sections/index.ts';
import type { AgentDeps, SectionKind, SectionPlan } from './types.ts';

/** Phrases per kind, from the registry. Multi-word phrases outrank single words; "generic" words rank lowest. */
const KEYWORDS = SECTIONS.filter((s) => s.keywords.length > 0).map((s) => [s.kind, s.keywords] as const);

/** Words that say little on their own; a subsection titled with them takes its parent's kind. */
const GENERIC = new Set([
  'overview',
  'summary',
  'introduction',
  'about',
  'background',
  'context',
  'scope',
  'details',
  'general',
  'description',
  'notes',
  'data',
  'structure',
  'quality',
  'issues',
  'interfaces',
  'environment',
  'size',
  'numbers',
]);

/** Which analysis fields each kind draws on (recorded in the plan and the trace). */
export const EVIDENCE = Object.fromEntries(SECTIONS.map((s) => [s.kind, s.evidence])) as Record<
  SectionKind,
  string[]
>;

function normalise(title: string): string {
  return ` ${title
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9/+\-\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** Singular/plural-tolerant phrase match at word boundaries: where it starts and ends, or null. */
function matchPhrase(text: string, phrase: string): { start: number; end: number } | null {
  const esc = phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '[ \\-]');
  const m = new RegExp(`(?<=[ /])${esc}(e?s)?(?=[ /])`).exec(text);
  return m ? { start: m.index, end: m.index + m[0].length } : null;
}

function findPhrase(text: string, phrase: string): number {
  return matchPhrase(text, phrase)?.start ?? -1;
}

export interface KindMatch {
  kind: SectionKind;
  score: number;
  generic: boolean;
}

/**
 * Scores a title against every kind; the best match wins, ties go to the later (head) noun. A phrase
 * inside a longer phrase that also matched ("components" in "open source components") does not count.
 */
export function classifyTitle(title: string): KindMatch {
  const text = normalise(title);
  const matches = KEYWORDS.flatMap(([kind, phrases]) =>
    phrases.flatMap((p) => {
      const m = matchPhrase(text, p);
      return m ? [{ kind, phrase: p, ...m }] : [];
    }),
  );
  const kept = matches.filter(
    (m) => !matches.some((o) => o.end - o.start > m.end - m.start && o.start <= m.start && o.end >= m.end),
  );
  let best: KindMatch & { pos: number } = { kind: 'custom', score: 0, generic: false, pos: -1 };
  for (const [kind] of KEYWORDS) {
    let score = 0;
    let pos = -1;
    let genericOnly = true;
    for (const m of kept.filter((x) => x.kind === kind)) {
      const words = m.phrase.split(' ').length;
      const isGeneric = words === 1 && GENERIC.has(m.phrase);
      score += isGeneric ? 1 : words > 1 ? 3 + words : 3;
      if (!isGeneric) genericOnly = false;
      pos = Math.max(pos, m.start);
    }
    if (score > best.score || (score === best.score && score > 0 && pos > best.pos))
      best = { kind, score, generic: genericOnly, pos };
  }
  return { kind: best.kind, score: best.score, generic: best.score > 0 && best.generic };
}

/** Kind of one entry, given its parent's kind (a vague child of "Security" is about security). */
export function kindFor(title: string, parentKind?: SectionKind): SectionKind {
  const m = classifyTitle(title);
  if (parentKind && parentKind !== 'custom' && parentKind !== 'overview') {
    if (m.kind === 'custom' || m.generic) return parentKind;
  }
  return m.kind;
}

/** Aspects a title can narrow a kind to; writers that know the aspect write only that part. */
const FOCUS = new Map<SectionKind, [string, string][]>(SECTIONS.map((s) => [s.kind, s.aspects ?? []]));

/** The aspect of `kind` a title names, if it names exactly one. */
export function focusFor(title: string, kind: SectionKind): string | undefined {
  const text = normalise(title);
  const found = new Set((FOCUS.get(kind) ?? []).filter(([p]) => findPhrase(text, p) >= 0).map(([, f]) => f));
  return found.size === 1 ? [...found][0] : undefined;
}

/** Offline planner role. */
export async function planSections(
  input: { template: ReportTemplate },
  _deps: AgentDeps,
): Promise<SectionPlan[]> {
  const plans: SectionPlan[] = [];
  input.template.chapters.forEach((ch, ci) => {
    const chapterKind = kindFor(ch.title);
    const cid = `${ci + 1}`;
    // a chapter without sections is written as one section, so its title may narrow it too
    const chapterFocus = ch.sections.length ? undefined : focusFor(ch.title, chapterKind);
    plans.push({
      id: cid,
      level: 1,
      title: ch.title,
      kind: chapterKind,
      evidence: EVIDENCE[chapterKind],
      hasChildren: ch.sections.length > 0,
      ...(chapterFocus ? { focus: chapterFocus } : {}),
    });
    ch.sections.forEach((sec, si) => {
      const sectionKind = kindFor(sec.title, chapterKind);
      const sid = `${cid}.${si + 1}`;
      const secFocus = focusFor(sec.title, sectionKind);
      plans.push({
        id: sid,
        level: 2,
        title: sec.title,
        kind: sectionKind,
        evidence: EVIDENCE[sectionKind],
        hasChildren: sec.subsections.length > 0,
        ...(secFocus ? { focus: secFocus } : {}),
      });
      sec.subsections.forEach((sub, ui) => {
        const subKind = kindFor(sub.title, sectionKind === 'custom' ? chapterKind : sectionKind);
        const subFocus = focusFor(sub.title, subKind);
        plans.push({
          id: `${sid}.${ui + 1}`,
          level: 3,
          title: sub.title,
          kind: subKind,
          evidence: EVIDENCE[subKind],
          hasChildren: false,
          ...(subFocus ? { focus: subFocus } : {}),
        });
      });
    });
  });
  return plans;
}
