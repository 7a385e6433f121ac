// A report engine that allocates without bound (as decoding a decompression bomb would).
import type { EngineContext } from '@atr/engine';

export async function generateReport(_input: unknown, ctx: EngineContext): Promise<never> {
  await ctx.onProgress('initializing', 0);
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 1_000_000 }, (_, i) => i));
}
