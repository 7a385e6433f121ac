// The LLM implementation of the four agent roles. Each role falls back to the offline model when
// the provider fails (outage, unusable output) — only the budget and cancellation stop a report —
// and tells the trace what it did through `describe`.

import type { ModelSession } from '../../llm/client.ts';
import type { ReportEstimate } from '../../llm/estimate.ts';
import { reviewDraft } from '../reviewer.ts';
import { offlineRoles } from '../roles.ts';
import type { AgentRoles, AgentTrace } from '../types.ts';
import { analyseWithModel } from './analyst.ts';
import { planWithModel } from './planner.ts';
import { fallback, isFatal, writeWithModel } from './writer.ts';

export interface LlmRoles extends AgentRoles {
  /** Extra trace details for a role's entry (`id` is the section id, or the kind for analysts). */
  describe(role: AgentTrace['role'], id: string): Record<string, unknown> | undefined;
  estimate?: ReportEstimate;
}

export function llmRoles(session: ModelSession): LlmRoles {
  const details = new Map<string, Record<string, unknown>>();
  const note = (role: string, id: string, d: Record<string, unknown>) =>
    details.set(`${role} ${id}`, { ...details.get(`${role} ${id}`), ...d });
  const reason = (e: unknown) => session.scrub((e as Error)?.message ?? String(e));
  const model = (role: Parameters<ModelSession['modelFor']>[0]) =>
    `${session.config.provider}/${session.modelFor(role)}`;

  const roles: LlmRoles = {
    describe: (role, id) => details.get(`${role} ${id}`),
    async plan(input, deps) {
      try {
        const { plan, changed } = await planWithModel(session, input, deps, (e) => {
          roles.estimate = e;
          note('planner', '', { estimate: e });
        });
        note('planner', '', {
          source: 'model',
          model: model('planner'),
          ...(changed.length ? { changedKinds: changed } : {}),
        });
        return plan;
      } catch (e) {
        if (isFatal(e)) throw e;
        note('planner', '', { source: 'offline-fallback', reason: reason(e) });
        return offlineRoles.plan(input, deps);
      }
    },
    async analyse(input, deps) {
      try {
        const r = await analyseWithModel(session, input, deps);
        note('analyst', input.kind, {
          source: 'model',
          model: model('analyst'),
          chunks: r.chunks,
          modelFindings: r.kept,
          droppedForBadCitations: r.dropped,
        });
        return r.findings;
      } catch (e) {
        if (isFatal(e)) throw e;
        note('analyst', input.kind, { source: 'offline-fallback', reason: reason(e) });
        return offlineRoles.analyse(input, deps);
      }
    },
    async write(input, deps) {
      try {
        const r = await writeWithModel(session, input, deps);
        note('writer', input.plan.id, {
          source: r.source,
          model: model('writer'),
          ...(r.problems.some((p) => p.length) ? { reviewProblems: r.problems } : {}),
          ...(r.reason ? { reason: r.reason } : {}),
        });
        return r.draft;
      } catch (e) {
        if (isFatal(e)) throw e;
        const r = await fallback(input, deps, `the model failed: ${reason(e)}`);
        note('writer', input.plan.id, { source: r.source, reason: r.reason });
        return r.draft;
      }
    },
    // The model's review happened inside `write` (it needs the evidence to send a draft back); this
    // final pass is the offline reviewer's, which repairs or removes anything still wrong.
    async review(input, deps) {
      const reviewed = await reviewDraft(input, deps);
      const w = details.get(`writer ${input.draft.id}`);
      if (w?.source) note('reviewer', input.draft.id, { source: w.source });
      return reviewed;
    },
  };
  return roles;
}
