// The report pipeline: ingest → personalize → analyse → agents → document tree and writers, reporting
// progress at every step boundary, checking for cancellation, and timing each step.

import { execFile } from 'node:child_process';
import { accessSync, constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { engineMessages } from '@atr/shared';
import { runAgents } from './agents/index.ts';
import { llmRoles } from './agents/llm/index.ts';
import { ANALYSIS_FORMAT_VERSION, analysisCacheKey } from './analyse/cache-key.ts';
import { analyse } from './analyse/index.ts';
import { EngineError, throwIfCancelled } from './errors.ts';
import { DEFAULT_MAX_IMAGE_PIXELS, ImageError, formatPixels, normaliseImage } from './images.ts';
import { ingest } from './ingest/index.ts';
import { createModelSession } from './llm/client.ts';
import { isModelConfigured } from './llm/config.ts';
import { countPages, makePreview } from './preview.ts';
import { checkHeadingLimit } from './template/parse.ts';
import { buildDocument } from './tree/build.ts';
import type { DocTree } from './tree/types.ts';
import {
  DEFAULT_WORK_LIMITS,
  type Analysis,
  type AnalysisCacheOutcome,
  type EngineContext,
  type ImageAsset,
  type PipelineStep,
  type ReportArtifacts,
  type ReportInput,
  type Workspace,
} from './types.ts';
import { writeDocx } from './writers/docx/index.ts';
import { estimatePageCount } from './writers/docx/page-estimate.ts';
import { writeLatex, writeLatexBundle } from './writers/latex/index.ts';
import { writePdf } from './writers/pdf/index.ts';

const run = promisify(execFile);

/** `js`: the built-in writer; `latex`: compile the LaTeX bundle (fails without TeX); `auto`: LaTeX when available. */
export type PdfEngine = 'js' | 'latex' | 'auto';

export interface PipelineOptions {
  /** Defaults to the PDF_ENGINE environment variable, else `js`. */
  pdfEngine?: PdfEngine;
}

export function pdfEngineFromEnv(value = process.env.PDF_ENGINE): PdfEngine {
  return value === 'latex' || value === 'auto' ? value : 'js';
}

/** Whether a program is on PATH, without running it. */
export function onPath(program: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, program), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

/**
 * Decodes an image the caller handed in (CLI flag, or an upload the server already normalised) under
 * the pixel cap and keeps the re-encoded copy in the work folder: the writers embed only that copy.
 */
async function checkImage(
  image: ImageAsset,
  what: string,
  ctx: EngineContext,
  index: number,
): Promise<ImageAsset> {
  const bytes = await fs.readFile(image.path).catch(() => null);
  if (!bytes) throw new EngineError('ingest', `The ${what} "${image.name}" could not be read.`);
  const maxPixels = ctx.limits?.maxImagePixels ?? DEFAULT_MAX_IMAGE_PIXELS;
  try {
    const normalised = await normaliseImage(bytes, { maxPixels });
    const dir = path.join(ctx.workDir, 'images');
    await fs.mkdir(dir, { recursive: true });
    const target = path.join(dir, `${what}-${index}${normalised.mime === 'image/png' ? '.png' : '.jpg'}`);
    await fs.writeFile(target, normalised.bytes);
    return { ...image, path: target, mime: normalised.mime };
  } catch (e) {
    if (!(e instanceof ImageError)) throw e;
    const why =
      e.problem === 'not-image'
        ? 'is not a PNG or JPEG image'
        : e.problem === 'too-many-pixels'
          ? `is too large (${e.message}; the limit is ${formatPixels(maxPixels)})`
          : 'is damaged and cannot be decoded';
    throw new EngineError('ingest', `The ${what} "${image.name}" ${why}.`);
  }
}

/** Compiles the LaTeX bundle with latexmk in a private folder; no shell escape, bounded time. */
export async function compileLatex(tree: DocTree, dir: string, signal?: AbortSignal): Promise<Uint8Array> {
  const { mainTex, files } = writeLatex(tree);
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(path.join(dir, 'figures'), { recursive: true });
  await fs.writeFile(path.join(dir, 'main.tex'), mainTex);
  for (const [name, bytes] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await fs.writeFile(path.join(dir, name), bytes);
  }
  try {
    await run(
      'latexmk',
      ['-pdf', '-interaction=nonstopmode', '-halt-on-error', '-no-shell-escape', 'main.tex'],
      { cwd: dir, timeout: 300_000, maxBuffer: 32 * 1024 * 1024, ...(signal ? { signal } : {}) },
    );
  } catch (e) {
    const log = await fs.readFile(path.join(dir, 'main.log'), 'utf8').catch(() => '');
    const firstError = /^! .*$/m.exec(log)?.[0];
    throw new EngineError('pdf', 'The LaTeX version of the report could not be compiled to PDF.', {
      detail: firstError ?? String(e),
      cause: e,
    });
  }
  return new Uint8Array(await fs.readFile(path.join(dir, 'main.pdf')));
}

/**
 * The estimate is a line model of the DOCX, a few percent off either way; before the writers run a
 * report is refused only when the estimate passes the page limit by more than this share, and the
 * real PDF's page count decides at the end.
 */
export const PAGE_ESTIMATE_SLACK = 0.1;

/** Throws when a report of `pages` pages (estimated or counted) is over the limit on pages. */
function checkPages(pages: number, limit: number, estimated: boolean): void {
  const over = estimated ? pages > Math.floor(limit * (1 + PAGE_ESTIMATE_SLACK)) : pages > limit;
  if (over) throw new EngineError('writer', engineMessages.reportTooManyPages(pages, limit, estimated));
}

/** The user's project name, else the name the project's manifest gives it, else the upload's folder name. */
export function reportTitle(given: string, analysis: Analysis, workspace: Workspace): string {
  return given.trim() || analysis.project.manifestName?.trim() || workspace.name;
}

const isCancel = (e: unknown) => e instanceof EngineError && e.kind === 'cancelled';

/** A cached value is used only when it has the shape this engine writes for this workspace. */
function usableAnalysis(value: unknown, workspace: Workspace): value is Analysis {
  const a = value as Partial<Analysis> | null;
  return (
    typeof a === 'object' &&
    a !== null &&
    a.version === ANALYSIS_FORMAT_VERSION &&
    Array.isArray(a.files) &&
    Array.isArray(a.languages) &&
    a.project?.name === workspace.name
  );
}

/**
 * The analysis step through the context's cache: an unchanged code base (same content key) reuses
 * the stored analysis instead of running the passes. The cache is an optimisation only: a key that
 * cannot be computed, a failing get or set, or a malformed entry is logged and the step goes on.
 * `run` is the analyser (tests pass a counting one).
 */
export async function analyseWithCache(
  workspace: Workspace,
  ctx: EngineContext,
  run: typeof analyse = analyse,
): Promise<{ analysis: Analysis; cache?: AnalysisCacheOutcome }> {
  const cache = ctx.analysisCache;
  if (!cache) return { analysis: await run(workspace, ctx) };
  let key: string | null = null;
  try {
    key = await analysisCacheKey(workspace, { maxFileBytes: ctx.limits?.maxFileBytes, signal: ctx.signal });
  } catch (e) {
    if (isCancel(e)) throw e;
    ctx.log?.('analysis cache: the content key could not be computed; analysing without the cache', {
      error: String(e),
    });
  }
  if (key) {
    let cached: unknown = null;
    try {
      cached = await cache.get(key);
    } catch (e) {
      ctx.log?.('analysis cache: lookup failed; analysing without the cache', { key, error: String(e) });
    }
    throwIfCancelled(ctx.signal);
    if (usableAnalysis(cached, workspace)) {
      ctx.log?.('analysis cache hit', { key });
      await ctx.onProgress('ai_code_analysis', 100, 'Reused the analysis of this unchanged code base');
      return { analysis: cached, cache: { key, hit: true } };
    }
    if (cached !== null && cached !== undefined)
      ctx.log?.('analysis cache: ignoring an entry of another format', { key });
  }
  const analysis = await run(workspace, ctx);
  if (key) {
    try {
      await cache.set(key, analysis);
    } catch (e) {
      ctx.log?.('analysis cache: storing the analysis failed; the report goes on', { key, error: String(e) });
    }
  }
  return { analysis, cache: { key, hit: false } };
}

export async function generateReport(
  input: ReportInput,
  ctx: EngineContext,
  options: PipelineOptions = {},
): Promise<ReportArtifacts> {
  const timings: Partial<Record<PipelineStep, number>> = {};
  const pdfEngine = options.pdfEngine ?? pdfEngineFromEnv();
  let current: PipelineStep = 'initializing';
  let started = performance.now();

  const begin = async (step: PipelineStep, message: string) => {
    throwIfCancelled(ctx.signal);
    timings[current] = Math.round(performance.now() - started);
    current = step;
    started = performance.now();
    ctx.log?.(`step ${step}`, { message });
    await ctx.onProgress(step, 0, message);
  };

  const limits = { ...DEFAULT_WORK_LIMITS, ...ctx.limits };
  // a template with too many headings is refused before any work is done for it
  checkHeadingLimit(input.template, limits.maxTemplateHeadings);

  ctx.log?.('step initializing', { source: input.source.kind });
  await ctx.onProgress('initializing', 0, 'Reading the code base');
  const workspace = await ingest(input.source, ctx);
  await ctx.onProgress(
    'initializing',
    100,
    `Kept ${workspace.files.length} files, skipped ${workspace.skipped.length}`,
  );

  await begin('personalizing', 'Applying company details, logo and images');
  const logo = input.logo ? await checkImage(input.logo, 'logo', ctx, 0) : undefined;
  const images: ImageAsset[] = [];
  for (const [i, image] of (input.images ?? []).entries())
    images.push(await checkImage(image, 'image', ctx, i));

  await begin('ai_code_analysis', 'Analysing the code');
  const { analysis, cache: analysisCache } = await analyseWithCache(workspace, ctx);
  const projectName = reportTitle(input.projectName, analysis, workspace);

  await begin('generating_markdown', 'Writing the sections');
  // With a provider configured the agents run on the model (falling back to offline per section);
  // one session per report holds the budget, the cache and the usage.
  const session = isModelConfigured(ctx.ai)
    ? createModelSession(ctx.ai, {
        ...(ctx.modelCache ? { cache: ctx.modelCache } : {}),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        ...(ctx.log ? { log: ctx.log } : {}),
      })
    : undefined;
  const roles = session ? llmRoles(session) : undefined;
  const agents = await runAgents(
    { analysis, template: input.template, workspace, projectName, imageNames: images.map((i) => i.name) },
    session ? { ...ctx, model: session } : ctx,
    roles,
  );

  await begin('building_docx', 'Building the documents');
  const tree = await buildDocument({
    projectName,
    ...(input.company ? { company: input.company } : {}),
    ...(logo ? { logo } : {}),
    images,
    analysis,
    sections: agents.sections,
    ...(agents.appendix ? { appendix: agents.appendix } : {}),
    generatedAt: ctx.now(),
    template: input.template,
  });
  throwIfCancelled(ctx.signal);
  checkPages(estimatePageCount(tree), limits.maxReportPages, true);
  const docx = await writeDocx(tree);
  await ctx.onProgress('building_docx', 30, 'Word document written');
  const latexZip = await writeLatexBundle(tree);
  await ctx.onProgress('building_docx', 50, 'LaTeX bundle written');
  throwIfCancelled(ctx.signal);

  let pdf: Uint8Array | undefined;
  if (pdfEngine !== 'js' && onPath('latexmk')) {
    try {
      pdf = await compileLatex(tree, path.join(ctx.workDir, 'latex'), ctx.signal);
    } catch (e) {
      if (pdfEngine === 'latex') throw e;
      ctx.log?.('latex compile failed; using the built-in PDF writer', { error: String(e) });
    }
  } else if (pdfEngine === 'latex') {
    throw new EngineError(
      'pdf',
      'PDF_ENGINE=latex was requested but latexmk is not installed on this machine.',
    );
  }
  const finalPdf: Uint8Array = pdf ?? (await writePdf(tree));
  await ctx.onProgress('building_docx', 90, 'PDF written');
  const pageCount = await countPages(finalPdf);
  checkPages(pageCount, limits.maxReportPages, false);
  const previewPdf = await makePreview(finalPdf);

  await begin('done', 'Report ready');
  await ctx.onProgress('done', 100, 'Report ready');
  return {
    docx,
    latexZip,
    pdf: finalPdf,
    previewPdf,
    analysis,
    tree,
    trace: agents.trace,
    timings,
    pageCount,
    ...(analysisCache ? { analysisCache } : {}),
    ...(session
      ? {
          ai: {
            provider: session.config.provider,
            model: session.name,
            usage: session.usage,
            ...(roles?.estimate ? { estimate: roles.estimate } : {}),
          },
        }
      : {}),
  };
}
