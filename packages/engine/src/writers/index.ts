// The writers, one map: every format has the same shape, (tree, options?) → bytes.

import type { DocTree } from '../tree/types.ts';
import { writeDocx } from './docx/index.ts';
import { writeLatexBundle } from './latex/index.ts';
import { writePdf } from './pdf/index.ts';

export type Writer = (tree: DocTree) => Promise<Uint8Array>;

export const writers = { docx: writeDocx, latex: writeLatexBundle, pdf: writePdf } satisfies Record<
  string,
  Writer
>;
export type WriterFormat = keyof typeof writers;

export { writeDocx, writeLatexBundle, writePdf };
export { writeLatex } from './latex/index.ts';
