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
  /** Every section of the report (absent when a section is written on its own). */
  report?: SectionPlan[];
}

/** An offline section writer: markdown from facts, every claim traceable to the analysis. */
/** True when the section covers `aspect`: no focus means the whole kind. */
export function wants(ctx: WriterContext, aspect: string): boolean {
  return !ctx.plan.focus || ctx.plan.focus === aspect;
}

export type SectionWriter = (ctx: WriterContext) => string | Promise<string>;

/**
 * True when another section of the report covers `kind` (or only its `aspect`): that section is the
 * fact's home, and this one leaves it out. A chapter's intro covers nothing in full.
 */
export function toldElsewhere(ctx: WriterContext, kind: SectionKind, aspect?: string): boolean {
  return (ctx.report ?? []).some(
    (p) =>
      p.id !== ctx.plan.id &&
      !p.hasChildren &&
      p.kind === kind &&
      (!p.focus || !aspect || p.focus === aspect),
  );
}
