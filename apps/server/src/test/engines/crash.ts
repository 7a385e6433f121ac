// A report engine that throws inside a timer callback, outside any promise (as a PNG decoder used to
// inside zlib's callback): an uncaught exception that ends whatever process runs it.
import type { EngineContext } from '@atr/engine';

export async function generateReport(_input: unknown, ctx: EngineContext): Promise<never> {
  await ctx.onProgress('initializing', 0);
  setTimeout(() => {
    throw new Error('invalid filter byte in the logo');
  }, 10);
  return new Promise<never>(() => {});
}
