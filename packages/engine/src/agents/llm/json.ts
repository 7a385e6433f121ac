// Structured model output: find the JSON in the answer, repair what is merely malformed or
// truncated (jsonrepair), validate it with zod, and ask once more with the problem when that fails.

import { jsonrepair } from 'jsonrepair';
import type { z } from 'zod';
import { EngineError } from '../../errors.ts';
import type { AiRole } from '../../llm/config.ts';
import type { ModelSession } from '../../llm/client.ts';

export function parseJsonAnswer<T>(
  text: string,
  schema: z.ZodType<T>,
): { ok: true; value: T } | { ok: false; error: string } {
  let body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```\s*$/, '');
  const start = body.search(/[{[]/);
  if (start < 0) return { ok: false, error: 'the answer holds no JSON object' };
  body = body.slice(start);
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    try {
      raw = JSON.parse(jsonrepair(body));
    } catch {
      return { ok: false, error: 'the answer is not valid JSON' };
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    return {
      ok: false,
      error: `the JSON does not match the expected shape (${i.path.join('.') || 'root'}: ${i.message})`,
    };
  }
  return { ok: true, value: parsed.data };
}

/** Asks for JSON; one corrective retry; throws EngineError('agent') when both answers are unusable. */
export async function askJson<T>(
  session: ModelSession,
  role: AiRole,
  system: string,
  prompt: string,
  schema: z.ZodType<T>,
  opts: { maxTokens: number; signal?: AbortSignal },
): Promise<{ value: T; repaired: boolean }> {
  const first = await session.request({
    role,
    system,
    prompt,
    maxTokens: opts.maxTokens,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const a = parseJsonAnswer(first.text, schema);
  if (a.ok) return { value: a.value, repaired: false };
  const truncated = first.finishReason === 'length';
  const retryPrompt = `${prompt}\n\nYour previous answer could not be used: ${truncated ? 'it was cut off at the length limit' : a.error}. Answer again with only the JSON object${truncated ? ', shorter' : ''}.`;
  const second = await session.request({
    role,
    system,
    prompt: retryPrompt,
    maxTokens: truncated ? opts.maxTokens * 2 : opts.maxTokens,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  const b = parseJsonAnswer(second.text, schema);
  if (b.ok) return { value: b.value, repaired: true };
  throw new EngineError('agent', `The ${role} model's answer was unusable twice (${b.error}).`);
}
