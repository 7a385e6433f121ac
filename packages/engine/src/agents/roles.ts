// The offline model's implementation of the four roles. An LLM implementation (issue: AI agents)
// provides another AgentRoles object, and may fall back to these per role or per section.

import { analyseKind } from './analysts.ts';
import { factsOf } from './facts.ts';
import { planSections } from './planner.ts';
import { reviewDraft } from './reviewer.ts';
import type { AgentDeps, AgentRoles, SectionDraft, WriterInput } from './types.ts';
import { WRITERS, writeIntro } from './writers/index.ts';

async function writeSection(input: WriterInput, deps: AgentDeps): Promise<SectionDraft> {
  const { plan } = input;
  const markdown = plan.hasChildren
    ? writeIntro(input)
    : await WRITERS[plan.kind]({
        a: deps.analysis,
        fx: factsOf(deps.analysis),
        plan,
        parent: input.parent,
        findings: input.findings,
        allFindings: input.allFindings,
        projectName: deps.projectName,
        workspace: deps.workspace,
        ...(input.report ? { report: input.report } : {}),
      });
  return {
    id: plan.id,
    level: plan.level,
    title: plan.title,
    kind: plan.kind,
    markdown,
    citations: [],
    ...(plan.hasChildren ? { intro: true } : {}),
  };
}

export const offlineRoles: AgentRoles = {
  plan: planSections,
  analyse: (input, deps) => analyseKind(input, deps),
  write: writeSection,
  review: reviewDraft,
};
