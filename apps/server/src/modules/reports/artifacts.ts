// Where a finished run's files live and how they are written. The report engine's own process calls
// storeArtifacts itself (engine-child.ts), so the documents and the analysis — tens of megabytes for a
// large code base — are serialised and written there, and the web process only records the sizes.
import type { Analysis, PipelineStep, ReportArtifacts } from '@atr/engine';
import { StorageNotFoundError, type Storage } from '../../plugins/storage.ts';
import type { FileSizes } from './repository.ts';

export const reportPrefix = (id: string) => `reports/${id}/`;

export const ARTIFACTS = {
  docx: 'report.docx',
  latex: 'report-latex.zip',
  pdf: 'report.pdf',
  preview: 'preview.pdf',
  analysis: 'analysis.json',
  trace: 'trace.json',
} as const;

/** What the web process records of a stored run: small enough to cross a process boundary for free. */
export interface StoredArtifacts {
  sizes: FileSizes;
  pageCount: number;
  timings: Partial<Record<PipelineStep, number>>;
}

export async function storeArtifacts(
  storage: Storage,
  reportId: string,
  artifacts: ReportArtifacts,
): Promise<StoredArtifacts> {
  const prefix = reportPrefix(reportId);
  const put = async (name: string, bytes: Uint8Array | string) =>
    (await storage.put(`${prefix}${name}`, typeof bytes === 'string' ? Buffer.from(bytes) : bytes)).size;
  const sizes: FileSizes = {
    docx: await put(ARTIFACTS.docx, artifacts.docx),
    latex: await put(ARTIFACTS.latex, artifacts.latexZip),
    pdf: await put(ARTIFACTS.pdf, artifacts.pdf),
    preview: await put(ARTIFACTS.preview, artifacts.previewPdf),
  };
  await put(ARTIFACTS.analysis, JSON.stringify(artifacts.analysis));
  // The same shape as the CLI's trace.json: what the agents did, the model's usage and whether the
  // analysis came from the cache.
  const trace = {
    timings: artifacts.timings,
    pageCount: artifacts.pageCount,
    ...(artifacts.analysisCache ? { analysisCache: artifacts.analysisCache } : {}),
    ...(artifacts.ai ? { ai: artifacts.ai } : {}),
    agents: artifacts.trace,
  };
  await put(ARTIFACTS.trace, JSON.stringify(trace));
  return { sizes, pageCount: artifacts.pageCount, timings: artifacts.timings };
}

/** Reads a cached analysis file (analysis-cache.ts); a file gone since it was recorded is a miss. */
export async function readCachedAnalysis(storage: Storage, key: string): Promise<Analysis | null> {
  try {
    return JSON.parse((await storage.read(key)).toString('utf8')) as Analysis;
  } catch (e) {
    if (e instanceof StorageNotFoundError) return null;
    throw e;
  }
}
