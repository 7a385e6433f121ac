// The cost estimate made before a report is generated: how many requests each role will send, how
// many tokens they will carry (counted, or estimated from file sizes), and what that costs with the
// model's price (AI_PRICES or the defaults). The upload form shows it; the planner checks it
// against the budget before the first request.

import type { Analysis } from '../analyse/types.ts';
import { kindFor } from '../agents/planner.ts';
import { SYNTHESIS_KINDS } from '../agents/sections/index.ts';
import type { SectionKind } from '../agents/types.ts';
import type { ReportTemplate } from '../template/types.ts';
import { type AiConfig, type AiRole, isModelConfigured, modelFor, priceFor } from './config.ts';

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
  withinBudget: boolean;
}

// The sizes the agents work with (kept in step with agents/llm): prompts' fixed parts, the analyst's
// chunk size and files per kind, the writer's excerpt cap.
const SYSTEM_TOKENS = 250;
const FACTS_TOKENS = 600;
const ANALYST_FILES = 6;
const ANALYST_CHUNK = 3000;
const ANALYST_OUT = 400;
const WRITER_EVIDENCE = 700;
const WRITER_SNIPPETS = 2500;
const REVIEW_OUT = 150;
/** Share of sections expected to be sent back once. */
const SEND_BACK = 0.2;

/** `analysis` may be a full analysis or, before one exists (the upload form), just the file sizes. */
export function estimateReport(
  analysis: Pick<Analysis, 'files'> | { files: { size: number }[] },
  template: ReportTemplate,
  config: AiConfig,
): ReportEstimate {
  const kinds = new Set<SectionKind>();
  let sections = 0;
  let synthesis = false;
  for (const ch of template.chapters) {
    const ck = kindFor(ch.title);
    kinds.add(ck);
    sections++;
    if (ch.sections.length) synthesis = true;
    for (const s of ch.sections) {
      const sk = kindFor(s.title, ck);
      kinds.add(sk);
      sections++;
      for (const u of s.subsections) {
        kinds.add(kindFor(u.title, sk === 'custom' ? ck : sk));
        sections++;
      }
    }
  }
  // the same rule and the same kinds as the agents' own analyst pass
  if (synthesis || kinds.has('conclusion') || kinds.has('overview'))
    for (const k of SYNTHESIS_KINDS) kinds.add(k);
  const maxOut = config.maxOutputTokens;
  // Analysts read up to ANALYST_FILES files per kind, each at most ~400 lines: bytes/4 tokens.
  const avgFileTokens = analysis.files.length
    ? Math.min(4000, analysis.files.reduce((n, f) => n + f.size, 0) / analysis.files.length / 4)
    : 0;
  const perKindTokens = Math.min(analysis.files.length, ANALYST_FILES) * avgFileTokens;
  const chunksPerKind = Math.max(1, Math.ceil(perKindTokens / ANALYST_CHUNK));
  const roles: ReportEstimate['roles'] = {
    planner: {
      model: modelFor(config, 'planner'),
      requests: 1,
      inputTokens: SYSTEM_TOKENS + 60 + sections * 30,
      outputTokens: 40 + sections * 25,
    },
    analyst: {
      model: modelFor(config, 'analyst'),
      requests: kinds.size * chunksPerKind,
      inputTokens: kinds.size * (chunksPerKind * (SYSTEM_TOKENS + 300) + perKindTokens),
      outputTokens: kinds.size * chunksPerKind * ANALYST_OUT,
    },
    writer: {
      model: modelFor(config, 'writer'),
      requests: Math.ceil(sections * (1 + SEND_BACK)),
      inputTokens: Math.ceil(
        sections * (1 + SEND_BACK) * (SYSTEM_TOKENS + FACTS_TOKENS + WRITER_EVIDENCE + WRITER_SNIPPETS),
      ),
      outputTokens: Math.ceil(sections * (1 + SEND_BACK) * maxOut * 0.6),
    },
    reviewer: {
      model: modelFor(config, 'reviewer'),
      requests: sections,
      inputTokens:
        sections * (SYSTEM_TOKENS + FACTS_TOKENS + WRITER_EVIDENCE + WRITER_SNIPPETS + maxOut * 0.6),
      outputTokens: sections * REVIEW_OUT,
    },
  };
  let input = 0;
  let output = 0;
  let cost: number | null = 0;
  for (const r of Object.values(roles)) {
    r.inputTokens = Math.round(r.inputTokens);
    r.outputTokens = Math.round(r.outputTokens);
    input += r.inputTokens;
    output += r.outputTokens;
    const p = priceFor(config, r.model);
    cost =
      p && cost !== null ? cost + (r.inputTokens * p.input + r.outputTokens * p.output) / 1_000_000 : null;
  }
  if (!isModelConfigured(config))
    return {
      provider: 'offline',
      sections,
      roles: {},
      inputTokens: 0,
      outputTokens: 0,
      totalTokens: 0,
      costUsd: 0,
      budgetTokens: config.maxTokensPerReport,
      withinBudget: true,
    };
  return {
    provider: config.provider,
    sections,
    roles,
    inputTokens: input,
    outputTokens: output,
    totalTokens: input + output,
    costUsd: cost === null ? null : Math.round(cost * 10_000) / 10_000,
    budgetTokens: config.maxTokensPerReport,
    withinBudget: input + output <= config.maxTokensPerReport,
  };
}
