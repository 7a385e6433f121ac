// What an offline writer gets: the analysis, derived facts, its plan and findings.

import type { Analysis } from '../../analyse/types.ts';
import type { Workspace } from '../../types.ts';
import type { Facts } from '../facts.ts';
import type { Finding, SectionKind, SectionPlan } from '../types.ts';

export interface WriterContext {
  a: Analysis;
  fx: Facts;
  plan: SectionPlan;
  parent?: SectionPlan;
  findings: Finding[];
  allFindings: Partial<Record<SectionKind, Finding[]>>;
  projectName: string;
  workspace: Workspace;
}

/** An offline section writer: markdown from facts, every claim traceable to the analysis. */
/** True when the section covers `aspect`: no focus means the whole kind. */
export function wants(ctx: WriterContext, aspect: string): boolean {
  return !ctx.plan.focus || ctx.plan.focus === aspect;
}

export type SectionWriter = (ctx: WriterContext) => string | Promise<string>;
