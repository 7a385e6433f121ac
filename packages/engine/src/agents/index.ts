// Runs the agents: plan → analyse (once per kind) → write every section in parallel (capped) →
// review each draft. Every role call leaves a trace entry with its timing and what it did.

import { throwIfCancelled } from '../errors.ts';
import type { AgentTrace, EngineContext } from '../types.ts';
import { ClaimLedger } from './claim-ledger.ts';
import { mapLimit } from './map-limit.ts';
import { offlineRoles } from './roles.ts';
import { needsSynthesis, SYNTHESIS_KINDS } from './sections/index.ts';
import type {
  AgentDeps,
  AgentInput,
  AgentOutput,
  AgentRoles,
  Finding,
  SectionDraft,
  SectionKind,
  SectionPlan,
} from './types.ts';

export type * from './types.ts';
export { offlineRoles } from './roles.ts';
export { classifyTitle, kindFor, planSections } from './planner.ts';
export { extractCitations } from '../citations.ts';
export { reviewDraft } from './reviewer.ts';
export { extractClaims, findContradictions } from './prose-claims.ts';

const WRITER_CONCURRENCY = 4;
/** Share of the writing step's progress bar the model's reading takes. */
const READING_SHARE = 40;

export { mapLimit } from './map-limit.ts';

export async function runAgents(
  input: AgentInput,
  ctx: EngineContext,
  roles: AgentRoles = offlineRoles,
): Promise<AgentOutput> {
  // the report speaks of the project by the name the user gave it, not the folder it was unpacked in
  const name = input.projectName.trim();
  const analysis =
    name && name !== input.analysis.project.name
      ? { ...input.analysis, project: { ...input.analysis.project, name } }
      : input.analysis;
  const deps: AgentDeps = {
    analysis,
    workspace: input.workspace,
    projectName: input.projectName,
    imageNames: input.imageNames,
    model: ctx.model ? ctx.model.name : 'offline',
    signal: ctx.signal,
    provider: ctx.model,
    // one per report: each reviewed section's claims, which later sections must not contradict
    claims: new ClaimLedger(),
    // reading the code base takes the first part of the step, writing the rest
    progress: (message, units) =>
      ctx.onProgress(
        'generating_markdown',
        Math.round((units.done / Math.max(1, units.total)) * READING_SHARE),
        message,
        units,
      ),
  };
  const trace: AgentTrace[] = [];
  const timed = async <R>(
    role: AgentTrace['role'],
    sectionId: string | undefined,
    run: () => Promise<R>,
    describe: (r: R) => { summary: string; details?: Record<string, unknown> },
  ): Promise<R> => {
    throwIfCancelled(ctx.signal);
    const startedAt = ctx.now();
    const t0 = performance.now();
    const r = await run();
    const d = describe(r);
    const extra = roles.describe?.(
      role,
      role === 'analyst' ? String(d.details?.kind ?? '') : (sectionId ?? ''),
    );
    const details = d.details || extra ? { ...d.details, ...extra } : undefined;
    trace.push({
      role,
      ...(sectionId ? { sectionId } : {}),
      model: deps.model,
      startedAt: startedAt.toISOString(),
      ms: Math.round((performance.now() - t0) * 100) / 100,
      summary: d.summary,
      ...(details ? { details } : {}),
    });
    return r;
  };

  const plan = await timed(
    'planner',
    undefined,
    () => roles.plan({ template: input.template }, deps),
    (p) => ({
      summary: `Planned ${p.length} sections: ${[...new Set(p.map((s) => s.kind))].join(', ')}.`,
      details: { sections: p.map((s) => ({ id: s.id, title: s.title, kind: s.kind, evidence: s.evidence })) },
    }),
  );

  // One analyst pass per kind in the plan (plus every kind for synthesis sections).
  const kinds = new Set<SectionKind>(plan.map((p) => p.kind));
  if (needsSynthesis(plan)) for (const k of SYNTHESIS_KINDS) kinds.add(k);
  const allFindings: Partial<Record<SectionKind, Finding[]>> = {};
  for (const kind of kinds) {
    const anchor = plan.find((p) => p.kind === kind);
    allFindings[kind] = await timed(
      'analyst',
      anchor?.id,
      () =>
        roles.analyse(
          { kind, plan: anchor ?? { id: '', level: 1, title: kind, kind, evidence: [], hasChildren: false } },
          deps,
        ),
      (f) => ({
        summary: `${kind}: ${f.length} finding${f.length === 1 ? '' : 's'}.`,
        details: { kind, findings: f },
      }),
    );
  }
  // the reading (if any) is done by now: writing fills the rest of the bar
  const base = roles === offlineRoles ? 0 : READING_SHARE;
  const units = (done: number) => ({ done, total: plan.length });
  await ctx.onProgress('generating_markdown', base, `Writing ${plan.length} sections`, units(0));

  const parentOf = (p: SectionPlan) =>
    p.level === 1
      ? undefined
      : plan.find(
          (q) =>
            q.id ===
            p.id
              .split('.')
              .slice(0, p.level - 1)
              .join('.'),
        );
  const childrenOf = (p: SectionPlan) =>
    plan.filter((q) => q.level === p.level + 1 && q.id.startsWith(`${p.id}.`));
  let done = 0;
  const sections = await mapLimit(plan, WRITER_CONCURRENCY, async (p): Promise<SectionDraft> => {
    const children = childrenOf(p);
    const childFindings: Record<string, Finding[]> = {};
    for (const c of children) childFindings[c.id] = allFindings[c.kind] ?? [];
    const draft = await timed(
      'writer',
      p.id,
      () =>
        roles.write(
          {
            plan: p,
            findings: allFindings[p.kind] ?? [],
            parent: parentOf(p),
            children,
            childFindings,
            allFindings,
            report: plan,
          },
          deps,
        ),
      (d) => ({
        summary: `Wrote "${p.title}" as ${p.hasChildren ? 'an intro' : p.kind} (${d.markdown.length} characters).`,
        details: { kind: p.kind, characters: d.markdown.length },
      }),
    );
    const reviewed = await timed(
      'reviewer',
      p.id,
      () => roles.review({ draft }, deps),
      (r) => ({
        summary: r.reviewNotes?.length
          ? `Fixed ${r.reviewNotes.length} problem(s) in "${p.title}".`
          : `Accepted "${p.title}" with ${r.citations.length} citation(s).`,
        details: {
          citations: r.citations.length,
          ...(r.reviewNotes?.length ? { notes: r.reviewNotes } : {}),
        },
      }),
    );
    done++;
    await ctx.onProgress(
      'generating_markdown',
      Math.round(base + (done / plan.length) * (100 - base)),
      `Wrote ${done} of ${plan.length} sections`,
      units(done),
    );
    return reviewed;
  });
  const appendix = roles.appendix?.();
  return { plan, sections, trace, ...(appendix ? { appendix } : {}) };
}
