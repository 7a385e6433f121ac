// A report engine that never finishes (as a template of tens of thousands of headings nearly did).
import type { EngineContext } from '@atr/engine';

export async function generateReport(_input: unknown, ctx: EngineContext): Promise<never> {
  await ctx.onProgress('initializing', 0);
  return new Promise<never>(() => setInterval(() => {}, 1000));
}
