// The language-model vocabulary the engine's stages share: the provider a context passes in, what a
// report's requests used and what they were estimated to use. Types only, so the engine's contracts
// (types.ts) can name them without importing the client or the budget planner.

import type { AiConfig, AiRole } from './config.ts';

/** A chat-style language model. The offline model does not use it; LLM roles do (issue: AI agents). */
export interface ModelProvider {
  name: string;
  complete(request: {
    system: string;
    prompt: string;
    maxTokens?: number;
    signal?: AbortSignal;
  }): Promise<{ text: string; inputTokens: number; outputTokens: number }>;
}

export interface ModelUsage {
  requests: number;
  cacheHits: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  retries: { role: AiRole; attempt: number; delayMs: number; reason: string }[];
}

export interface RoleEstimate {
  model: string;
  requests: number;
  inputTokens: number;
  outputTokens: number;
}

export interface ReportEstimate {
  provider: AiConfig['provider'];
  sections: number;
  roles: Partial<Record<AiRole, RoleEstimate>>;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** USD; null when no price is known for a model in use. */
  costUsd: number | null;
  budgetTokens: number;
  /** Always true now: the plan is cut to the budget. Kept for the clients that read it. */
  withinBudget: boolean;
  /** What the model reads of the product's source files, by depth (files). */
  reading?: { full: number; signatures: number; names: number; none: number; files: number };
  /** Sections the budget leaves to the offline writer. */
  offlineSections?: number;
}
