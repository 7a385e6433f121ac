// Language-model access for the agents: configuration, token counting, the per-report session
// (budget, cache, retries, shared concurrency limit) and the cost estimate.
export * from './config.ts';
export { cacheKey, memoryCache, type CachedResponse, type ModelCache } from './cache.ts';
export { createModelSession, type Completion, type CompletionRequest, type ModelSession } from './client.ts';
export { estimateFromListing, estimateReport, productListing, type ListedFile } from './estimate.ts';
export type { ModelProvider, ModelUsage, ReportEstimate, RoleEstimate } from './types.ts';
export { countTokens, estimateTokens } from './tokens.ts';
export { scrubSecrets } from './scrub.ts';
