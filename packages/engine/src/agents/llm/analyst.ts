// The LLM analyst, map-reduce: the offline analyst's findings are the base; the files they cite and
// the files most relevant to the section are read, numbered, packed into token-counted chunks (map:
// one request per chunk), and the model's findings are kept only when their citations are real
// (reduce: deduplicated and capped), so a repository of any size fits any context window.

import { z } from 'zod';
import type { ModelSession } from '../../llm/client.ts';
import { chunkByTokens } from '../../llm/tokens.ts';
import { analyseKind } from '../analysts.ts';
import { fitsFile, splitCitation } from '../../citations.ts';
import { factsOf, lineCount } from '../facts.ts';
import type { AgentDeps, Finding, SectionKind, SectionPlan } from '../types.ts';
import { findingsText, readLines, relevantFiles } from './evidence.ts';
import { askJson } from './json.ts';
import { dataBlock, numbered, SYSTEM } from './prompts.ts';

/** Token size of one map request's excerpts; small enough for any local model's context. */
export const CHUNK_TOKENS = 3000;
export const FILES_PER_KIND = 6;
export const MAX_FILE_LINES = 400;
const MAX_MODEL_FINDINGS = 8;

const FindingsAnswer = z.object({
  findings: z
    .array(
      z.object({ statement: z.string().min(1).max(600), citations: z.array(z.string()).max(10).default([]) }),
    )
    .max(20),
});

interface Excerpt {
  path: string;
  from: number;
  text: string;
}

export async function analyseWithModel(
  session: ModelSession,
  input: { kind: SectionKind; plan: SectionPlan },
  deps: AgentDeps,
): Promise<{ findings: Finding[]; chunks: number; kept: number; dropped: number }> {
  const base = await analyseKind(input, deps);
  const fx = factsOf(deps.analysis);
  const files = await relevantFiles(
    input.plan.id ? input.plan : { ...input.plan, title: input.kind },
    base,
    deps.analysis,
    deps.workspace,
    FILES_PER_KIND,
  );
  const excerpts: Excerpt[] = [];
  for (const f of files) {
    const lines = await readLines(deps.workspace.root, f);
    if (lines) excerpts.push({ path: f, from: 1, text: lines.slice(0, MAX_FILE_LINES).join('\n') });
  }
  const tokens = (e: Excerpt) => session.countTokens(numbered(e.path, e.text, e.from), 'analyst');
  const split = (e: Excerpt, max: number): Excerpt[] => {
    // Cut by lines, keeping line numbers right; ~4 chars per token is a safe step for the cut.
    const lines = e.text.split('\n');
    const per = Math.max(20, Math.floor((max * 3) / Math.max(1, Math.ceil(e.text.length / lines.length))));
    const out: Excerpt[] = [];
    for (let i = 0; i < lines.length; i += per)
      out.push({ path: e.path, from: e.from + i, text: lines.slice(i, i + per).join('\n') });
    return out;
  };
  const chunks = chunkByTokens(excerpts, tokens, CHUNK_TOKENS, split);
  const found: Finding[] = [];
  let dropped = 0;
  for (const chunk of chunks) {
    const prompt = `Section: "${input.plan.title || input.kind}" (kind: ${input.kind}).\nWhat the static analysis already found:\n${dataBlock('findings', findingsText(base))}\n\nNumbered excerpts:\n${chunk.items.map((e) => dataBlock(e.path, numbered(e.path, e.text, e.from))).join('\n\n')}\n\nReport what these excerpts add for this section.`;
    const { value } = await askJson(session, 'analyst', SYSTEM.analyst, prompt, FindingsAnswer, {
      maxTokens: 800,
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    for (const f of value.findings) {
      const citations = f.citations.map((c) => c.trim().replace(/^`|`$/g, ''));
      const valid =
        citations.length > 0 &&
        citations.every((c) => {
          const cited = splitCitation(c);
          const info = fx.fileByPath.get(cited.path);
          return !!info && fitsFile(cited, lineCount(info));
        });
      if (valid) found.push({ statement: f.statement.trim(), citations });
      else dropped++;
    }
  }
  // Reduce: drop repeats, keep the first few.
  const seen = new Set(base.map((f) => f.statement.toLowerCase()));
  const extra = found
    .filter((f) => !seen.has(f.statement.toLowerCase()) && seen.add(f.statement.toLowerCase()))
    .slice(0, MAX_MODEL_FINDINGS);
  return { findings: [...base, ...extra], chunks: chunks.length, kept: extra.length, dropped };
}
