// The agent roles' interfaces. The offline model implements them now; LLM-backed roles implement the
// same interfaces later, so the pipeline never knows which it runs.

import type { Analysis } from '../analyse/types.ts';
import type { ReportTemplate } from '../template/types.ts';
import type { ClaimLedger } from './claim-ledger.ts';
import type { AgentTrace, Workspace } from '../types.ts';
import type { ModelProvider } from '../llm/types.ts';

/** The section kinds (sections/kinds.ts); anything a title does not match is 'custom' (retrieval over the code base). */
export type { SectionKind } from './sections/kinds.ts';
import type { SectionKind } from './sections/kinds.ts';

/** One place in the template: chapter index, then section and subsection indices when nested. */
export interface SectionPlan {
  id: string; // "3", "3.2", "3.2.1"
  level: 1 | 2 | 3;
  title: string;
  kind: SectionKind;
  /** Which analysis fields / files this section draws on. */
  evidence: string[];
  /** Chapters with sections are written as an intro plus their children. */
  hasChildren: boolean;
  /** A narrower aspect of the kind named by the title ("containers" of build-deploy), when one is. */
  focus?: string;
}

export interface Finding {
  statement: string;
  /** The narrower aspect it belongs to (a SectionPlan focus such as "ci"), when there is one. */
  aspect?: string;
  citations: string[]; // "path:line" or "path"
}

export interface SectionDraft {
  id: string;
  level: 1 | 2 | 3;
  title: string;
  kind: SectionKind;
  /** GitHub-flavoured markdown body, without the heading itself. */
  markdown: string;
  citations: string[];
  /** Set when the reviewer had to replace or fix the section. */
  reviewNotes?: string[];
  /** A chapter's intro, above sections that tell its facts: empty on purpose when it has none of its own. */
  intro?: boolean;
}

export interface AgentInput {
  analysis: Analysis;
  template: ReportTemplate;
  workspace: Workspace;
  projectName: string;
  imageNames: string[];
}

export interface AgentOutput {
  plan: SectionPlan[];
  sections: SectionDraft[]; // in template order, one per SectionPlan
  trace: AgentTrace[];
  /** A generated appendix the roles add after the sections (the model's coverage). */
  appendix?: Appendix;
}

export interface Appendix {
  title: string;
  markdown: string;
}

/** What every role receives besides its own input: the facts and the effects it may use. */
export interface AgentDeps {
  analysis: Analysis;
  workspace: Workspace;
  projectName: string;
  imageNames: string[];
  /** "offline" or provider/model; written into every trace entry. */
  model: string;
  signal?: AbortSignal;
  /** Present for LLM-backed roles (issue: AI agents); the offline roles ignore it. */
  provider?: ModelProvider;
  /** The claims of the sections reviewed so far in this report, for the consistency pass. */
  claims?: ClaimLedger;
  /** Reports units of work done inside the agents step (modules read, sections written). */
  progress?: (message: string, units: import('../types.ts').ProgressUnits) => void | Promise<void>;
}

/** The evidence a writer gets for one section. */
export interface WriterInput {
  plan: SectionPlan;
  findings: Finding[];
  /** The chapter this section belongs to, for sections and subsections. */
  parent?: SectionPlan;
  /** Direct children, for chapters/sections written as an intro plus their children. */
  children: SectionPlan[];
  /** Findings of the children's kinds, so an intro can say something specific about each. */
  childFindings: Record<string, Finding[]>;
  /** Findings of every kind, for synthesis sections (conclusion, overview). */
  allFindings: Partial<Record<SectionKind, Finding[]>>;
  /** Every section of the report, so a fact is told in full only in the section that owns it. */
  report?: SectionPlan[];
}

/**
 * The four roles as plain `(input, deps) => output` functions. The offline model implements them
 * from the analysis; an LLM implementation replaces any of them without the pipeline knowing.
 */
export interface AgentRoles {
  plan(input: { template: ReportTemplate }, deps: AgentDeps): Promise<SectionPlan[]>;
  analyse(input: { kind: SectionKind; plan: SectionPlan }, deps: AgentDeps): Promise<Finding[]>;
  write(input: WriterInput, deps: AgentDeps): Promise<SectionDraft>;
  review(input: { draft: SectionDraft }, deps: AgentDeps): Promise<SectionDraft>;
  /** Extra details for a role's trace entry (`id`: the section id, the kind for analysts, '' for the planner). */
  describe?(role: AgentTrace['role'], id: string): Record<string, unknown> | undefined;
  /** An appendix to add after the sections, once they are written. */
  appendix?(): Appendix | undefined;
}
