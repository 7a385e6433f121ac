// The model-response cache: the engine only sees this interface (ctx.modelCache); the server backs
// it with a per-user database table, tests with a Map. Keys hash model + system + prompt.

import { createHash } from 'node:crypto';

export interface CachedResponse {
  text: string;
  inputTokens: number;
  outputTokens: number;
}

export interface ModelCache {
  get(key: string): Promise<string | undefined> | string | undefined;
  set(key: string, value: string): Promise<void> | void;
}

export function cacheKey(model: string, system: string, prompt: string): string {
  // Length-prefixed so "ab"+"c" and "a"+"bc" cannot collide.
  return createHash('sha256')
    .update(`${model.length}:${model}\n${system.length}:${system}\n${prompt}`)
    .digest('hex');
}

/** An in-memory cache (CLI runs, tests). */
export function memoryCache(): ModelCache & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: (k) => map.get(k), set: (k, v) => void map.set(k, v) };
}

export function decodeCached(value: string | undefined): CachedResponse | undefined {
  if (!value) return undefined;
  try {
    const v = JSON.parse(value) as CachedResponse;
    return typeof v.text === 'string' ? v : undefined;
  } catch {
    return undefined;
  }
}
