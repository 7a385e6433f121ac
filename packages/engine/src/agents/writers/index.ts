// The offline writers, one per section kind, from the registry of section kinds.

import { SECTIONS } from '../sections/index.ts';
import type { SectionKind } from '../types.ts';
import type { SectionWriter } from './context.ts';

export const WRITERS = Object.fromEntries(SECTIONS.map((s) => [s.kind, s.writer])) as Record<
  SectionKind,
  SectionWriter
>;

export type { SectionWriter, WriterContext } from './context.ts';
export { writeIntro } from './intro.ts';
