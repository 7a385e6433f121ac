// The cost estimate made before a report is generated, for the upload form: the budget planner's
// arithmetic (agents/llm/reading.ts) on what is known then — the template's entries and the files'
// sizes, or the archive's size alone. The report itself records the planner's estimate made from
// the code it read, which is the figure its counted use is measured against.

import type { Analysis } from '../analyse/types.ts';
import {
  estimateFromSizes,
  productSources,
  type ReportEstimate,
  type RoleEstimate,
} from '../agents/llm/reading.ts';
import type { ReportTemplate } from '../template/types.ts';
import type { AiConfig } from './config.ts';

export type { ReportEstimate, RoleEstimate };

/** The template's entries as the planner numbers them: chapters, sections, subsections. */
export function templateEntries(template: ReportTemplate): { id: string; level: 1 | 2 | 3 }[] {
  const out: { id: string; level: 1 | 2 | 3 }[] = [];
  template.chapters.forEach((ch, i) => {
    out.push({ id: `${i + 1}`, level: 1 });
    ch.sections.forEach((s, j) => {
      out.push({ id: `${i + 1}.${j + 1}`, level: 2 });
      s.subsections.forEach((_u, k) => out.push({ id: `${i + 1}.${j + 1}.${k + 1}`, level: 3 }));
    });
  });
  return out;
}

/** `analysis` may be a full analysis (its product sources count) or, before one exists, file sizes. */
export function estimateReport(
  analysis: Pick<Analysis, 'files'> | { files: { size: number }[] },
  template: ReportTemplate,
  config: AiConfig,
): ReportEstimate {
  // an analysis' files carry their language (null for data): its product sources count
  const files =
    analysis.files.length && 'language' in analysis.files[0]!
      ? productSources(analysis as Pick<Analysis, 'files'>)
      : analysis.files;
  return estimateFromSizes(files, templateEntries(template), config);
}
