// Retrieval over the code base: BM25 over documents built from paths, symbols, docs and comments.

export { Bm25Index, type Hit, type RetrievalDoc } from './bm25.ts';
export { buildDocuments, extractComments } from './documents.ts';
export { tokenize } from './tokenize.ts';
