// What one section kind is, in one place: the title phrases that select it, the aspects a title can
// narrow it to, the analysis fields it draws on, its offline analyst and its offline writer. The
// planner, the analysts, the writers, the LLM planner and the cost estimate all read the registry
// (sections/index.ts) built from these, so a new kind is one module plus one line there.

import type { Analysis } from '../../analyse/types.ts';
import type { Workspace } from '../../types.ts';
import type { Finding } from '../types.ts';
import type { SectionWriter } from '../writers/context.ts';

export interface SectionSpec<K extends string = string> {
  kind: K;
  /** Title phrases that select this kind; multi-word phrases outrank single words. */
  keywords: string[];
  /** Phrases that narrow a title to one aspect of the kind ("containers" of build-deploy). */
  aspects?: [phrase: string, aspect: string][];
  /** The analysis fields the kind draws on (recorded in the plan and the trace). */
  evidence: string[];
  /**
   * Offline analyst: one-line findings with the `path:line` citations that back them; the workspace,
   * when given, lets it read how the code base uses what it finds.
   */
  analyst(a: Analysis, workspace?: Workspace): Finding[];
  /** Offline writer: the section's markdown from the analysis. */
  writer: SectionWriter;
}

export function defineSection<const K extends string>(spec: SectionSpec<K>): SectionSpec<K> {
  return spec;
}

/** A finding: a statement, its citations, and the aspect it belongs to when there is one. */
export function finding(statement: string, citations: string[] = [], aspect?: string): Finding {
  return { statement, citations, ...(aspect ? { aspect } : {}) };
}
