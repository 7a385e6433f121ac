// The report template's parser and types: a separate entry point (`@atr/shared/template`) because it brings the
// YAML parser, which the rest of the shared package (and the web app's first screens) must not load.
export * from './parse.ts';
export type * from './types.ts';
