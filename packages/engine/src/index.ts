// Public surface of @atr/engine (server-side only).
export * from './types.ts';
export * from './errors.ts';
export { parseTemplate, TEMPLATE_LIMITS } from './template/parse.ts';
export { generateReport } from './pipeline.ts';
export { type PdfEngine, type PipelineOptions, pdfEngineFromEnv } from './pipeline.ts';
export { makePreview, countPages, PREVIEW_PAGES } from './preview.ts';
export { ingest, ingestZip, ingestGithub, ingestDirectory, parseGithubUrl } from './ingest/index.ts';
