// The contracts between the engine's stages: ingest → analyse → agents → document tree → writers.
// Each stage's folder owns its details; this file fixes what crosses a stage boundary.

import type { Analysis } from './analyse/types.ts';
import type { DocTree } from './tree/types.ts';
import { DEFAULT_TEMPLATE_MAX_HEADINGS } from '@atr/shared/template';
import type { ReportTemplate } from './template/types.ts';
import type { ModelProvider, ModelUsage, ReportEstimate } from './llm/types.ts';

export type { Analysis, DocTree, ReportTemplate };

/** Pipeline step names, as the server stores them and the web app maps them (spec §4). */
export type PipelineStep =
  'initializing' | 'personalizing' | 'ai_code_analysis' | 'generating_markdown' | 'building_docx' | 'done';

/** Effects the engine needs, passed in so tests can run it on fixtures and the worker for real. */
export interface EngineContext {
  /** A private scratch folder for this run; ingest extracts into `${workDir}/src`. */
  workDir: string;
  now(): Date;
  /**
   * Called at each step boundary (percent 0) and inside long steps (0-100 within the step). `message`
   * says what is being done; `units`, when the step counts its work, how much of it is done.
   */
  onProgress(
    step: PipelineStep,
    percent: number,
    message?: string,
    units?: ProgressUnits,
  ): void | Promise<void>;
  /** Aborted when the user cancels; stages check it at boundaries and pass it to network calls. */
  signal?: AbortSignal;
  log?: (message: string, data?: Record<string, unknown>) => void;
  /** Language model for the agents; the offline model when absent. */
  model?: ModelProvider;
  /** Language-model settings (AI_*); with a provider set, the agents run on the model (issue: AI agents). */
  ai?: import('./llm/config.ts').AiConfig;
  /** Where model responses are cached (the server: a per-user table), so an unchanged project costs nothing. */
  modelCache?: import('./llm/cache.ts').ModelCache;
  /** Ingest limits and limits on work (template headings, report pages); defaults in DEFAULT_ENGINE_LIMITS. */
  limits?: Partial<EngineLimits>;
  /**
   * Where analyses are cached by content hash (the server: a per-user table), so an unchanged code
   * base is not analysed again. Failures here are logged and never fail a report.
   */
  analysisCache?: AnalysisCache;
}

/** Units of work inside a step: `done` of `total` (files read, modules summarised, sections written). */
export interface ProgressUnits {
  done: number;
  total: number;
}

/** A store of analyses by the key `analysisCacheKey` computes; `get` answers null on a miss. */
export interface AnalysisCache {
  get(key: string): Promise<Analysis | null>;
  set(key: string, analysis: Analysis): Promise<void>;
}

export interface IngestLimits {
  maxZipBytes: number; // compressed archive size
  maxUncompressedBytes: number; // sum of entry sizes
  maxEntries: number;
  maxRatio: number; // per-entry compression ratio
  maxFileBytes: number; // largest single file we analyse
  maxImagePixels: number; // largest logo or image, width × height
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = {
  maxZipBytes: 200 * 1024 * 1024,
  maxUncompressedBytes: 1024 * 1024 * 1024,
  maxEntries: 100_000,
  maxRatio: 200,
  maxFileBytes: 5 * 1024 * 1024,
  maxImagePixels: 40_000_000,
};

/** Limits on the work one report may cause, not only on bytes. */
export interface WorkLimits {
  maxTemplateHeadings: number; // chapters + sections + subsections of one template
  maxReportPages: number; // pages of the finished report (estimated before the writers, then counted)
}

export type EngineLimits = IngestLimits & WorkLimits;

export const DEFAULT_WORK_LIMITS: WorkLimits = {
  maxTemplateHeadings: DEFAULT_TEMPLATE_MAX_HEADINGS,
  maxReportPages: 500,
};

export const DEFAULT_ENGINE_LIMITS: EngineLimits = { ...DEFAULT_INGEST_LIMITS, ...DEFAULT_WORK_LIMITS };

/** One file kept for analysis, path relative to the workspace root with forward slashes. */
export interface WorkspaceFile {
  path: string;
  size: number;
}

export interface SkippedEntry {
  path: string;
  /** For a symbolic link whose target lies inside the tree: that target, relative to the root (never followed). */
  linkTo?: string;
  reason:
    | 'gitignore'
    | 'vendored'
    | 'generated'
    | 'minified'
    | 'binary'
    /** Text in UTF-16 (a byte-order mark opens it): not binary, but not read by the passes either. */
    | 'utf16-text'
    | 'too-large'
    | 'dependency-folder'
    | 'nested-archive'
    | 'name-too-long'
    | 'other';
}

/** The code base after ingest: a folder on disk plus the list of files kept and skipped. */
export interface Workspace {
  root: string; // absolute path of the extracted tree
  name: string; // repository or archive name
  files: WorkspaceFile[];
  skipped: SkippedEntry[];
  source: { kind: 'zip' | 'github' | 'directory'; ref?: string; url?: string };
}

export interface CompanyData {
  name?: string;
  vat?: string;
  address?: string;
  phone?: string;
  email?: string;
  website?: string;
}

export interface ImageAsset {
  name: string; // file name as uploaded, e.g. "architecture.png"
  path: string; // absolute path on disk
  mime: string;
}

/** What the pipeline needs to write one report. */
export interface ReportInput {
  projectName: string;
  source:
    | { kind: 'zip'; path: string }
    | { kind: 'github'; url: string; token?: string; apiBase?: string }
    | { kind: 'directory'; path: string };
  template: ReportTemplate;
  logo?: ImageAsset;
  images?: ImageAsset[];
  company?: CompanyData;
}

/** One step of the agents (planner, analyst, writer, reviewer), as the report's trace records it. */
export interface AgentTrace {
  role: 'planner' | 'analyst' | 'writer' | 'reviewer';
  sectionId?: string;
  model: string; // "offline" or provider/model
  startedAt: string;
  ms: number;
  summary: string;
  details?: Record<string, unknown>;
}

/** What the pipeline produces, all as bytes so the caller decides where they go. */
export interface ReportArtifacts {
  docx: Uint8Array;
  latexZip: Uint8Array;
  pdf: Uint8Array;
  previewPdf: Uint8Array; // first 5 pages only
  analysis: Analysis;
  tree: DocTree;
  trace: AgentTrace[];
  timings: Partial<Record<PipelineStep, number>>; // milliseconds per step
  pageCount: number;
  /** Present when the agents ran on a language model: requests, cache hits, tokens, cost, retries. */
  ai?: {
    provider: string;
    model: string;
    usage: ModelUsage;
    estimate?: ReportEstimate;
  };
  /** Present when the context had an analysis cache: the content key and whether it was a hit. */
  analysisCache?: AnalysisCacheOutcome;
}

export interface AnalysisCacheOutcome {
  key: string | null; // null when the key could not be computed (the analysis then ran uncached)
  hit: boolean;
}
