// Reports API bodies and responses (spec §3, §7), used by the upload form, the API client and the routes.
import { z } from 'zod';
import {
  REPORTS_DEFAULT_PAGE,
  REPORTS_DEFAULT_PER_PAGE,
  REPORTS_MAX_PER_PAGE,
  REPORTS_SEARCH_MAX,
  REPORT_STEPS,
} from '../constants.ts';
import { messages } from '../messages.ts';
import { noControlChars } from '../control-chars.ts';
import { FormatSchema } from './pricing.ts';

const v = messages.validation;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ReportIdSchema = z.string().regex(UUID_RE, v.invalidReportIdShort);
export const ReportIdParamsSchema = z.object({ id: ReportIdSchema });

/** {host}/{owner}/{repo} with an optional path, scheme optional (spec §5). */
export const GITHUB_URL_RE =
  /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}\/[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+(\/[^\s]*)?$/i;

/**
 * GitHub's current token formats (docs/decisions/017): classic personal (ghp_), OAuth (gho_), user-to-server
 * (ghu_), server-to-server (ghs_) and refresh (ghr_) tokens are a prefix and at least 36 base62 characters;
 * fine-grained personal tokens are github_pat_ and 82 more (93 in all); legacy tokens are 40 hex digits.
 * GitHub says tokens may grow up to 255 characters, so lengths are floors, not exact.
 */
const GITHUB_TOKEN_RES = [
  /^gh[pousr]_[A-Za-z0-9]{36,251}$/,
  /^github_pat_[A-Za-z0-9_]{82,244}$/,
  /^[0-9a-f]{40}$/i,
];

export function isValidGithubToken(token: string): boolean {
  return GITHUB_TOKEN_RES.some((re) => re.test(token));
}

export const ProjectSourceSchema = z.enum(['zip', 'github']);
export type ProjectSource = z.infer<typeof ProjectSourceSchema>;

const optionalText = (max: number, label: string, options: { singleLine?: boolean } = { singleLine: true }) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .superRefine(noControlChars(label, options))
    .optional()
    .transform((s) => (s ? s : undefined));

/** An http(s) address with a host that has a dot (or is localhost); "acme.com" alone is taken as https://acme.com. */
export function normaliseWebsite(value: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) && url.hostname !== 'localhost') return null;
    if (/\s/.test(value)) return null;
    return url.href;
  } catch {
    return null;
  }
}

export const CompanyDataSchema = z.object({
  name: optionalText(200, 'Company name'),
  vat: optionalText(50, 'VAT number'),
  address: optionalText(300, 'Address', { singleLine: false }),
  phone: optionalText(50, 'Phone'),
  email: optionalText(200, 'Company e-mail').refine(
    (s) => s === undefined || z.email().safeParse(s).success,
    v.companyEmailInvalid,
  ),
  // Kept as typed (it prints on the cover); "acme.com" without a scheme is accepted as https://acme.com.
  website: optionalText(300, 'Website').refine(
    (s) => s === undefined || normaliseWebsite(s) !== null,
    v.companyWebsiteInvalid,
  ),
});
export type CompanyData = z.infer<typeof CompanyDataSchema>;

/**
 * The upload form, in the terms both sides can check: the browser validates it from its inputs, the
 * server from the multipart fields and the names/types of the files it received.
 */
export const GenerateFormSchema = z
  .object({
    projectName: z
      .string()
      .trim()
      .min(1, v.projectNameRequired)
      .max(200, 'Project name must be at most 200 characters')
      .superRefine(noControlChars('Project name', { singleLine: true })),
    projectSource: ProjectSourceSchema,
    zipFileName: z
      .string()
      .superRefine(noControlChars('ZIP file name', { singleLine: true }))
      .optional(),
    githubUrl: z
      .string()
      .trim()
      .superRefine(noControlChars('GitHub URL', { singleLine: true }))
      .optional(),
    githubToken: z
      .string()
      .trim()
      .superRefine(noControlChars('GitHub token', { singleLine: true }))
      .optional(),
    templateFileName: z
      .string()
      .superRefine(noControlChars('Template file name', { singleLine: true }))
      .optional(),
    logoMimeType: z.string().optional(),
    company: CompanyDataSchema.prefault({}),
  })
  .superRefine((f, ctx) => {
    if (f.projectSource === 'zip') {
      if (!f.zipFileName) ctx.addIssue({ code: 'custom', path: ['zipFileName'], message: v.zipRequired });
      else if (!f.zipFileName.toLowerCase().endsWith('.zip'))
        ctx.addIssue({ code: 'custom', path: ['zipFileName'], message: v.zipType });
    } else {
      if (!f.githubUrl) ctx.addIssue({ code: 'custom', path: ['githubUrl'], message: v.githubUrlRequired });
      else if (!GITHUB_URL_RE.test(f.githubUrl))
        ctx.addIssue({ code: 'custom', path: ['githubUrl'], message: v.githubUrlInvalid });
      if (f.githubToken && !isValidGithubToken(f.githubToken))
        ctx.addIssue({ code: 'custom', path: ['githubToken'], message: v.githubTokenInvalid });
    }
    if (!f.templateFileName)
      ctx.addIssue({ code: 'custom', path: ['templateFileName'], message: v.templateRequired });
    else if (!/\.ya?ml$/i.test(f.templateFileName))
      ctx.addIssue({ code: 'custom', path: ['templateFileName'], message: v.templateType });
    if (f.logoMimeType !== undefined && !f.logoMimeType.startsWith('image/'))
      ctx.addIssue({ code: 'custom', path: ['logoMimeType'], message: v.logoType });
  });
export type GenerateForm = z.infer<typeof GenerateFormSchema>;

export const GenerateResponseSchema = z.object({ report_id: z.string() });

export const ReportStatusValueSchema = z.enum(['processing', 'completed', 'failed', 'cancelled']);
export const ReportStepSchema = z.enum(REPORT_STEPS);

export const FileSizesSchema = z.object({
  docx: z.number().nullable(),
  word: z.number().nullable(),
  latex: z.number().nullable(),
  pdf: z.number().nullable(),
});

export const ReportSchema = z.object({
  id: z.string(),
  name: z.string(),
  project_name: z.string(),
  project_source: ProjectSourceSchema,
  status: ReportStatusValueSchema,
  step: ReportStepSchema,
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  template: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_at: z.string().nullable(),
  download_links: z.object({ word: z.string(), latex: z.string() }),
  /** Always null in lists; the preview endpoint serves the 5-page preview. */
  pdf_preview: z.string().nullable(),
  file_sizes: FileSizesSchema,
  size: z.number().nullable(),
  page_count: z.number().int().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

export const PaymentRecordSchema = z.object({
  id: z.string(),
  paid_at: z.string(),
  amount: z.number().int(),
  currency: z.string(),
});

export const ReportDetailSchema = ReportSchema.extend({
  pricing: z.object({
    word: z.object({ amount: z.number().int(), currency: z.string(), label: z.string() }),
    latex: z.object({ amount: z.number().int(), currency: z.string(), label: z.string() }),
  }),
  /** 'none', 'word', 'latex' or 'both': what the caller has paid for. */
  payment_tier: z.enum(['none', 'word', 'latex', 'both']),
  payment_info: z.object({ tier: FormatSchema, amount: z.number().int(), currency: z.string() }).nullable(),
  paid_formats: z.array(FormatSchema),
});
export type ReportDetail = z.infer<typeof ReportDetailSchema>;

const pageNumber = z.coerce.number().int().min(1).max(100_000);
const perPage = z.coerce.number().int().min(1).max(REPORTS_MAX_PER_PAGE);
export const ReportListQuerySchema = z.object({
  page: pageNumber.default(REPORTS_DEFAULT_PAGE),
  per_page: perPage.optional(),
  limit: perPage.optional(),
  /** Search in project names (case-insensitive, anywhere in the name). */
  q: z.string().trim().max(REPORTS_SEARCH_MAX).optional(),
  /** Only reports with this status. */
  status: ReportStatusValueSchema.optional(),
});
/** The dashboard's status filter: a status, or '' for all. */
export type ReportStatusFilter = z.infer<typeof ReportStatusValueSchema> | '';
export type ReportListQuery = z.infer<typeof ReportListQuerySchema>;
export const resolvePerPage = (q: ReportListQuery) => q.per_page ?? q.limit ?? REPORTS_DEFAULT_PER_PAGE;

export const PaginationSchema = z.object({
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalReports: z.number().int(),
  reportsPerPage: z.number().int(),
});

export const ReportListResponseSchema = z.object({
  reports: z.array(ReportSchema),
  pagination: PaginationSchema,
  page: z.number().int(),
  total_pages: z.number().int(),
  total_reports: z.number().int(),
  per_page: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});
export type ReportListResponse = z.infer<typeof ReportListResponseSchema>;

/**
 * One step of the live step log: when the engine entered it, when it left it (null while it runs), what it last
 * said it was doing, and its units of work (files read, sections written) when it counts them.
 */
export const StepLogEntrySchema = z.object({
  step: ReportStepSchema,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  message: z.string().nullable(),
  done: z.number().int().nullable(),
  total: z.number().int().nullable(),
});
export type StepLogEntry = z.infer<typeof StepLogEntrySchema>;

export const StatusResponseSchema = z.object({
  state: ReportStatusValueSchema,
  progress: z.number().int(),
  step: ReportStepSchema,
  error: z.string().nullable(),
  /** Absent from servers older than the step log (a rolling deploy): read as an empty log. */
  step_log: z.array(StepLogEntrySchema).default([]),
});
export type StatusResponse = z.infer<typeof StatusResponseSchema>;

export const PreviewResponseSchema = z.object({
  pdf_preview: z.string(),
  pages: z.number().int().min(1).max(5),
});
export type PreviewResponse = z.infer<typeof PreviewResponseSchema>;

export const OkResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });

/** GET /api/reports/:id/duration-estimate: the time a report still needs, from measured durations. */
export const DurationEstimateSchema = z.object({
  /** 'recent': medians of recently completed reports; 'default': a first guess, there is no history yet. */
  basis: z.enum(['recent', 'default']),
  /** Completed reports the medians come from. */
  samples: z.number().int(),
  /** Whether the agents write offline or with a language model (they take very different times). */
  mode: z.enum(['offline', 'model']),
  /** The whole run, and what is left of it now. */
  totalMs: z.number().int(),
  remainingMs: z.number().int(),
  /** Expected milliseconds per step, in pipeline order. */
  steps: z.array(z.object({ step: ReportStepSchema, ms: z.number().int() })),
});
export type DurationEstimate = z.infer<typeof DurationEstimateSchema>;
