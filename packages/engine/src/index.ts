// Public surface of @atr/engine (server-side only).
export * from './types.ts';
export * from './errors.ts';
export { parseTemplate, TEMPLATE_LIMITS } from './template/parse.ts';
export { generateReport } from './pipeline.ts';
