// Inputs the flow pass's tests share: file records for in-memory sources and an identity block.

import type { FileInfo, Identity } from '../types.ts';

/** File records for in-memory sources, all of one language. */
export function fileInfos(contents: Record<string, string>, language: string): FileInfo[] {
  return Object.entries(contents).map(([path, text]) => ({
    path,
    size: text.length,
    language,
    code: text.split('\n').length,
    comment: 0,
    blank: 0,
  }));
}

/** An identity block: a library with nothing found, but for what a test sets. */
export const identity = (over: Partial<Identity>): Identity => ({
  kind: 'library',
  kinds: [],
  purpose: null,
  productPaths: [],
  nonProduct: [],
  entryPoints: [],
  publicApi: [],
  keyComponents: [],
  ...over,
});
