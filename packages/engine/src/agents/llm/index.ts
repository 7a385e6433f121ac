// The LLM implementation of the four agent roles. The planner's plan is followed by the reading:
// the budget planner decides what the model reads and which sections it writes, and the module
// summaries are made bottom-up (summaries.ts). Analysts add the summaries' findings to the offline
// findings; writers get the repository summary, their modules' summaries and excerpts. Each role
// falls back to the offline model when the provider fails or the budget is spent — only
// cancellation stops a report — and tells the trace what it did through `describe`.

import type { ModelSession } from '../../llm/client.ts';
import type { ReportEstimate } from '../../llm/types.ts';
import { analyseKind } from '../analysts.ts';
import { topicRanks } from './topic.ts';
import type { ShownFiles } from '../prose-claims.ts';
import { reviewDraft } from '../reviewer.ts';
import { offlineRoles } from '../roles.ts';
import type { AgentTrace } from '../../types.ts';
import type { AgentRoles, Finding } from '../types.ts';
import { coverageAppendix } from './coverage.ts';
import { planWithModel } from './planner.ts';
import { readRepository, relevantSummaries, type Reading } from './summaries.ts';
import { fallback, isFatal, writeWithModel } from './writer.ts';

export interface LlmRoles extends AgentRoles {
  /** Extra trace details for a role's entry (`id` is the section id, or the kind for analysts). */
  describe(role: AgentTrace['role'], id: string): Record<string, unknown> | undefined;
  estimate?: ReportEstimate;
}

/** Findings the summaries add for one kind: from the modules most relevant to it, at most this many. */
const SUMMARY_FINDINGS = 8;
const BUDGET_REASON = 'the token budget (AI_MAX_TOKENS_PER_REPORT) leaves this section to the offline writer';

export function llmRoles(session: ModelSession): LlmRoles {
  const details = new Map<string, Record<string, unknown>>();
  const note = (role: string, id: string, d: Record<string, unknown>) =>
    details.set(`${role} ${id}`, { ...details.get(`${role} ${id}`), ...d });
  const reason = (e: unknown) => session.scrub((e as Error)?.message ?? String(e));
  const model = (role: Parameters<ModelSession['modelFor']>[0]) =>
    `${session.config.provider}/${session.modelFor(role)}`;
  let reading: Reading | undefined;
  const offlineTitles: string[] = [];
  // the lines each model-written section's writer was shown, for its final review
  const shownTo = new Map<string, ShownFiles>();

  const roles: LlmRoles = {
    describe: (role, id) => details.get(`${role} ${id}`),
    async plan(input, deps) {
      let plan;
      try {
        const r = await planWithModel(session, input, deps);
        note('planner', '', {
          source: 'model',
          model: model('planner'),
          ...(r.changed.length ? { changedKinds: r.changed } : {}),
        });
        plan = r.plan;
      } catch (e) {
        if (isFatal(e)) throw e;
        note('planner', '', { source: 'offline-fallback', reason: reason(e) });
        plan = await offlineRoles.plan(input, deps);
      }
      reading = await readRepository(session, plan, deps, deps.progress);
      roles.estimate = reading.plan.estimate;
      note('planner', '', {
        estimate: reading.plan.estimate,
        reading: {
          ...reading.plan.estimate.reading,
          requests: reading.plan.requests.length,
          parents: reading.plan.parents.length,
          ...(reading.failed.length ? { failed: reading.failed } : {}),
        },
      });
      return plan;
    },
    async analyse(input, deps) {
      const base = await analyseKind(input, deps);
      if (!reading?.summaries.size) return base;
      const plan = input.plan.id ? input.plan : { ...input.plan, title: input.kind };
      const topic = topicRanks(reading.graph, deps.analysis, plan, base);
      const modules = relevantSummaries(reading, plan, base, 3, topic.ranks);
      const seen = new Set(base.map((f) => f.statement.toLowerCase()));
      const extra: Finding[] = modules
        .flatMap((m) => m.findings)
        .filter((f) => !seen.has(f.statement.toLowerCase()) && seen.add(f.statement.toLowerCase()))
        .slice(0, SUMMARY_FINDINGS);
      note('analyst', input.kind, {
        source: 'model-summaries',
        model: model('analyst'),
        modules: modules.map((m) => m.dir),
        modelFindings: extra.length,
      });
      return [...base, ...extra];
    },
    async write(input, deps) {
      if (reading && !reading.plan.modelSections.has(input.plan.id)) {
        offlineTitles.push(input.plan.title);
        const r = await fallback(input, deps, BUDGET_REASON);
        note('writer', input.plan.id, { source: r.source, reason: r.reason });
        return r.draft;
      }
      try {
        const r = await writeWithModel(session, input, deps, reading);
        if (r.shown && r.source !== 'offline-fallback') shownTo.set(input.plan.id, r.shown);
        note('writer', input.plan.id, {
          source: r.source,
          model: model('writer'),
          ...(r.problems.some((p) => p.length) ? { reviewProblems: r.problems } : {}),
          ...(r.reason ? { reason: r.reason } : {}),
          ...(r.evidence ? { evidence: r.evidence } : {}),
        });
        return r.draft;
      } catch (e) {
        if (isFatal(e)) throw e;
        const r = await fallback(input, deps, `the model failed: ${reason(e)}`);
        if ((e as { kind?: string }).kind === 'budget') offlineTitles.push(input.plan.title);
        note('writer', input.plan.id, { source: r.source, reason: r.reason });
        return r.draft;
      }
    },
    // The model's review happened inside `write` (it needs the evidence to send a draft back); this
    // final pass is the offline reviewer's, which repairs or removes anything still wrong.
    async review(input, deps) {
      const reviewed = await reviewDraft(input, deps, shownTo.get(input.draft.id));
      const w = details.get(`writer ${input.draft.id}`);
      if (w?.source) note('reviewer', input.draft.id, { source: w.source });
      return reviewed;
    },
    appendix: () => (reading ? coverageAppendix(reading, session, offlineTitles) : undefined),
  };
  return roles;
}
