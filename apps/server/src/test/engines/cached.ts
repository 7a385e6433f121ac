// A report engine that uses the caches the parent answers for over IPC, then fails as an engine does.
import { EngineError, type EngineContext } from '@atr/engine';

export async function generateReport(_input: unknown, ctx: EngineContext): Promise<never> {
  await ctx.onProgress('ai_code_analysis', 40);
  const before = await ctx.analysisCache?.get('k1');
  await ctx.analysisCache?.set('k1', { seen: before ?? null } as never);
  ctx.log?.('child log line', { n: 1 });
  throw new EngineError('ingest', 'The ZIP file is not a valid archive.', {
    detail: 'end of central directory not found',
  });
}
