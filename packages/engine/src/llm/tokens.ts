// Token counting before anything is sent: OpenAI's tokenizers (js-tiktoken, offline) for the models
// they belong to, a chars/4 estimate for the others (Claude, local models), which is what the
// budget and the chunker need: a number that is close and never wildly low.

import { getEncoding, type Tiktoken } from 'js-tiktoken';

const encoders = new Map<string, Tiktoken>();

function encodingName(model: string): 'o200k_base' | 'cl100k_base' | undefined {
  const m = model.toLowerCase().replace(/^.*\//, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|chatgpt-4o)/.test(m)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|text-embedding)/.test(m)) return 'cl100k_base';
  return undefined;
}

/** Tokens of `text` for `model`. */
export function countTokens(text: string, model: string): number {
  const name = encodingName(model);
  if (!name) return estimateTokens(text);
  let enc = encoders.get(name);
  if (!enc) {
    enc = getEncoding(name);
    encoders.set(name, enc);
  }
  return enc.encode(text, [], []).length;
}

/** The fallback: about four characters per token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface Chunk<T> {
  items: T[];
  tokens: number;
}

/**
 * Packs items into chunks of at most `maxTokens` each (an item larger than that is cut by lines
 * through `split`), so any repository fits any context window.
 */
export function chunkByTokens<T>(
  items: T[],
  tokensOf: (t: T) => number,
  maxTokens: number,
  split: (t: T, maxTokens: number) => T[],
): Chunk<T>[] {
  const chunks: Chunk<T>[] = [];
  let cur: Chunk<T> = { items: [], tokens: 0 };
  const flush = () => {
    if (cur.items.length) chunks.push(cur);
    cur = { items: [], tokens: 0 };
  };
  for (const item of items) {
    const pieces = tokensOf(item) > maxTokens ? split(item, maxTokens) : [item];
    for (const piece of pieces) {
      const t = tokensOf(piece);
      if (cur.tokens + t > maxTokens) flush();
      cur.items.push(piece);
      cur.tokens += t;
    }
  }
  flush();
  return chunks;
}
