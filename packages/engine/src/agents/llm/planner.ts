// The LLM planner: the offline plan fixes ids, titles and nesting; the model may choose a better
// section kind for each entry (validated against the known kinds). What the model then reads, and
// which sections it writes within the budget, is the budget planner's (reading.ts).

import { z } from 'zod';
import type { ModelSession } from '../../llm/client.ts';
import type { ReportTemplate } from '../../template/types.ts';
import { EVIDENCE, focusFor, planSections } from '../planner.ts';
import { SECTION_KINDS } from '../sections/index.ts';
import type { AgentDeps, SectionKind, SectionPlan } from '../types.ts';
import { askJson } from './json.ts';
import { dataBlock, SYSTEM } from './prompts.ts';

export const KINDS = SECTION_KINDS;

const PlanAnswer = z.object({ sections: z.array(z.object({ id: z.string(), kind: z.string() })).max(500) });

export async function planWithModel(
  session: ModelSession,
  input: { template: ReportTemplate },
  deps: AgentDeps,
): Promise<{ plan: SectionPlan[]; changed: string[] }> {
  const offline = await planSections(input, deps);
  const entries = offline
    .map((p) => JSON.stringify({ id: p.id, title: p.title, level: p.level, suggested: p.kind }))
    .join('\n');
  const prompt = `Allowed kinds: ${KINDS.join(', ')}.\n"custom" means no standard kind fits; the writer then works from the files most relevant to the title.\nThe "suggested" kind comes from keyword matching; keep it unless the title clearly asks for another kind.\n\n${dataBlock('template entries', entries)}`;
  const { value } = await askJson(session, 'planner', SYSTEM.planner, prompt, PlanAnswer, {
    maxTokens: Math.min(4000, 40 + offline.length * 25),
    ...(deps.signal ? { signal: deps.signal } : {}),
  });
  const chosen = new Map(
    value.sections
      .filter((s) => (KINDS as string[]).includes(s.kind))
      .map((s) => [s.id, s.kind as SectionKind]),
  );
  const changed: string[] = [];
  const plan = offline.map((p) => {
    const kind = chosen.get(p.id);
    if (!kind || kind === p.kind) return p;
    changed.push(`${p.id} ${p.kind}→${kind}`);
    const focus = focusFor(p.title, kind);
    const { focus: _old, ...rest } = p;
    return { ...rest, kind, evidence: EVIDENCE[kind], ...(focus ? { focus } : {}) };
  });
  return { plan, changed };
}
