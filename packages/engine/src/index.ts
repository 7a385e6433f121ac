// Public surface of @atr/engine (server-side only).
export * from './types.ts';
export * from './errors.ts';
export {
  checkHeadingLimit,
  countHeadings,
  parseTemplate,
  TEMPLATE_LIMITS,
  type ParseTemplateOptions,
} from './template/parse.ts';
export { generateReport } from './pipeline.ts';
export { type PdfEngine, type PipelineOptions, pdfEngineFromEnv } from './pipeline.ts';
export { makePreview, countPages, PREVIEW_PAGES } from './preview.ts';
export {
  ingest,
  ingestZip,
  ingestGithub,
  ingestDirectory,
  listGithub,
  parseGithubUrl,
} from './ingest/index.ts';
export {
  aiConfigFromEnv,
  AiConfigError,
  describeAi,
  estimateFromListing,
  estimateReport,
  isModelConfigured,
  parseAiConfig,
  type AiConfig,
  type ListedFile,
  type ModelCache,
  type ReportEstimate,
} from './llm/index.ts';
export { analyseWithCache } from './pipeline.ts';
export { analysisCacheKey, ANALYSIS_CACHE_VERSION } from './analyse/cache-key.ts';
export {
  normaliseImage,
  ImageError,
  formatPixels,
  DEFAULT_MAX_IMAGE_PIXELS,
  type NormalisedImage,
  type ImageProblem,
} from './images.ts';
