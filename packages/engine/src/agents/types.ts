// The agent roles' interfaces. The offline model implements them now; LLM-backed roles implement the
// same interfaces later, so the pipeline never knows which it runs.

import type { Analysis } from '../analyse/types.ts';
import type { ReportTemplate } from '../template/types.ts';
import type { Workspace } from '../types.ts';

/** The section kinds the writers know; anything else is 'custom' (retrieval over the code base). */
export type SectionKind =
  | 'overview'
  | 'architecture'
  | 'components'
  | 'technology'
  | 'dependencies'
  | 'data-model'
  | 'api'
  | 'configuration'
  | 'build-deploy'
  | 'testing'
  | 'security'
  | 'performance'
  | 'metrics'
  | 'structure'
  | 'getting-started'
  | 'known-issues'
  | 'conclusion'
  | 'custom';

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
}

export interface Finding {
  statement: string;
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
}

export interface AgentTrace {
  role: 'planner' | 'analyst' | 'writer' | 'reviewer';
  sectionId?: string;
  model: string; // "offline" or provider/model
  startedAt: string;
  ms: number;
  summary: string;
  details?: Record<string, unknown>;
}

/** A chat-style language model. The offline model does not use it; LLM roles do (issue: AI agents). */
export interface ModelProvider {
  name: string;
  complete(request: { system: string; prompt: string; maxTokens?: number; signal?: AbortSignal }): Promise<{ text: string; inputTokens: number; outputTokens: number }>;
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
}
