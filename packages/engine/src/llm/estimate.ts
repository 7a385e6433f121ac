// The cost estimate made before a report is generated, for the upload form: the budget planner's
// arithmetic (agents/llm/reading.ts) on what is known then — the template's entries and the files'
// sizes, or the archive's size alone. The report itself records the planner's estimate made from
// the code it read, which is the figure its counted use is measured against.

import { languageFromName } from '../analyse/cloc-languages.ts';
import { styleSourceOf, styleSourcesOf } from '../analyse/identity/generated.ts';
import { pathRole } from '../analyse/path-role.ts';
import { NON_CODE_LANGUAGES } from '../agents/facts.ts';
import { classifyDir, classifyFileName } from '../ingest/skip-rules.ts';
import { DEFAULT_INGEST_LIMITS } from '../types.ts';

import type { Analysis } from '../analyse/types.ts';
import { estimateFromSizes, productSources } from '../agents/llm/reading.ts';
import type { ReportTemplate } from '../template/types.ts';
import type { AiConfig } from './config.ts';
import type { ReportEstimate } from './types.ts';

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

/** A file as an archive's listing names it (its central directory), before anything is extracted. */
export interface ListedFile {
  path: string;
  /** Uncompressed bytes. */
  size: number;
}

/**
 * The product source files among an archive's entries, as ingest and analysis would count them:
 * the common top folder stripped, dependency/generated/VCS folders, lockfiles, minified files and
 * oversized files left out, stylesheets compiled from a style source beside them too, then the
 * product role and a code language taken from the path alone.
 */
export function productListing(
  entries: ListedFile[],
  maxFileBytes = DEFAULT_INGEST_LIMITS.maxFileBytes,
): ListedFile[] {
  const names = entries.map((e) => e.path.replace(/\\/g, '/').replace(/^(\.\/)+|^\/+/, ''));
  const top = names[0]?.split('/')[0];
  const stripTop = !!top && names.every((n) => n.startsWith(`${top}/`));
  const paths = names.map((n) => (stripTop ? n.slice(top!.length + 1) : n));
  const styleSources = styleSourcesOf(paths);
  const out: ListedFile[] = [];
  entries.forEach((e, i) => {
    const p = paths[i]!;
    if (!p || p.endsWith('/') || e.size === 0 || e.size > maxFileBytes) return;
    const parts = p.split('/');
    if (parts.slice(0, -1).some((d) => classifyDir(d) !== null)) return;
    if (classifyFileName(parts[parts.length - 1]!) !== null) return;
    const language = languageFromName(p);
    if (!language || language === '?shebang' || NON_CODE_LANGUAGES.has(language)) return;
    if (pathRole(p) !== 'product' || styleSourceOf(p, styleSources)) return;
    out.push({ path: p, size: e.size });
  });
  return out;
}

/** The estimate from an archive's listing: its product sources' sizes, planned as the report will be. */
export function estimateFromListing(
  entries: ListedFile[],
  template: ReportTemplate,
  config: AiConfig,
): ReportEstimate {
  return estimateFromSizes(productListing(entries), templateEntries(template), config);
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
