// The rules of the reports module: creating a report from an upload, the caller-scoped reads, the
// preview (never more than 5 pages), cancel and delete.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import {
  GenerateFormSchema,
  PREVIEW_MAX_PAGES,
  ReportListResponseSchema,
  StatusResponseSchema,
  messages,
  uploadMessages,
  type DurationEstimate,
  type Report,
  type ReportDetail,
  type ReportListResponse,
  type StatusResponse,
} from '@atr/shared';
import { AppError, errors } from '../../errors.ts';
import { StorageNotFoundError } from '../../plugins/storage.ts';
import { createSerializerCompiler } from '../../serializer.ts';
import { REPORT_QUEUE, wakeWorkers } from '../../plugins/queue.ts';
import { pricingFrom } from '../public/routes.ts';
import { clearModelCache, engineModeOf } from './ai.ts';
import { ESTIMATE_SAMPLE_LIMIT, estimateDuration } from './duration-estimate.ts';
import { reportRepository, type ListFilters, type ReportInputData, type ReportRow } from './repository.ts';
import { mb, receiveUpload } from './upload.ts';
import { ARTIFACTS, reportPrefix } from './artifacts.ts';
import { readUploadedTemplate } from './template-parser.ts';

export { ARTIFACTS, reportPrefix } from './artifacts.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function toReport(r: ReportRow): Report {
  const sizes = r.file_sizes ?? {};
  return {
    id: r.id,
    name: r.project_name || 'Untitled Report',
    project_name: r.project_name,
    project_source: r.project_source,
    status: r.status,
    step: r.step as Report['step'],
    progress: r.progress,
    error: r.error,
    template: r.template_name,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    completed_at: iso(r.completed_at),
    download_links: { word: `/api/download/${r.id}/docx`, latex: `/api/download/${r.id}/latex` },
    pdf_preview: null,
    file_sizes: {
      docx: sizes.docx ?? null,
      word: sizes.docx ?? null,
      latex: sizes.latex ?? null,
      pdf: sizes.pdf ?? null,
    },
    size: sizes.docx ?? null,
    page_count: r.page_count,
  };
}

/** Payment facts of one report for its owner; the payments module owns the table (0003_payments.sql). */
async function paidFormats(app: FastifyInstance, reportId: string, userId: string) {
  return app.db.query<{ format: 'word' | 'latex'; amount: number; currency: string; paid_at: Date }>(
    `SELECT format, amount, currency, paid_at FROM purchases WHERE report_id = $1 AND user_id = $2 AND status = 'paid' ORDER BY paid_at`,
    [reportId, userId],
  );
}

/** The multipart parser's own errors (no boundary, a body cut short): the client's fault, never a 500. */
function isMalformedMultipart(e: unknown): boolean {
  const message = e instanceof Error ? e.message : '';
  return /^Multipart: |unexpected end of multipart data|^Unsupported Content-Type|^Malformed part header/i.test(
    message,
  );
}

export function reportService(app: FastifyInstance) {
  const repo = reportRepository(app.db);
  const storage = app.storage;
  const config = app.config;
  const cache = app.reportCache;
  const serializer = createSerializerCompiler({ checked: config.NODE_ENV !== 'production' });
  const writeList = serializer({ schema: ReportListResponseSchema, method: 'GET', url: '/api/reports' });
  const writeStatus = serializer({ schema: StatusResponseSchema, method: 'GET', url: '/api/status/:id' });

  async function owned(id: string, userId: string): Promise<ReportRow> {
    const row = await repo.findOwned(id, userId);
    if (!row) throw errors.reportNotFound();
    return row;
  }

  return {
    repo,

    async generate(request: FastifyRequest, userId: string): Promise<{ report_id: string }> {
      if (!request.isMultipart()) throw errors.validation(messages.validation.projectAndTemplateRequired);
      // Limits on work, not only on bytes: refused before a byte is stored, and checked again on insert.
      const quota = {
        maxActive: config.USER_MAX_ACTIVE_REPORTS,
        maxStoredBytes: config.USER_MAX_STORED_BYTES,
      };
      const usage = await repo.usage(userId);
      if (usage.active >= quota.maxActive)
        throw errors.tooManyRequests(uploadMessages.tooManyActive(usage.active));
      if (usage.storedBytes >= quota.maxStoredBytes)
        throw errors.payloadTooLarge(
          uploadMessages.storageFull(mb(usage.storedBytes), mb(quota.maxStoredBytes)),
        );
      const id = randomUUID();
      try {
        const up = await receiveUpload(
          request,
          storage,
          config,
          id,
          quota.maxStoredBytes - usage.storedBytes,
        );
        const f = up.fields;
        const projectName = (f.project_name ?? '').trim();
        if (!projectName || !up.template)
          throw errors.validation(messages.validation.projectAndTemplateRequired);
        const source =
          f.project_source === 'github'
            ? 'github'
            : f.project_source === 'zip' || f.project_source === undefined
              ? 'zip'
              : null;
        if (!source) throw errors.validation("Project source must be 'zip' or 'github'.");
        const tokenHeader = request.headers['x-github-token'];
        const githubToken =
          typeof tokenHeader === 'string' && tokenHeader.trim() ? tokenHeader.trim() : undefined;
        const company = {
          name: f['companyData.name'],
          vat: f['companyData.vat'],
          address: f['companyData.address'],
          phone: f['companyData.phone'],
          email: f['companyData.email'],
          website: f['companyData.website'],
        };
        const parsed = GenerateFormSchema.safeParse({
          projectName,
          projectSource: source,
          zipFileName: up.codebase?.name,
          githubUrl: source === 'github' ? f.codebase : undefined,
          githubToken: source === 'github' ? githubToken : undefined,
          templateFileName: up.template.name,
          logoMimeType: up.logo?.mime,
          company,
        });
        if (!parsed.success)
          throw errors.validation(parsed.error.issues[0]?.message ?? messages.api.badRequest);
        // A bad template (or one with more headings than TEMPLATE_MAX_HEADINGS) is refused with its
        // message before any report exists; it is read in a worker thread with a time limit.
        await readUploadedTemplate(app.templateParser, up.template.text, {
          maxHeadings: config.TEMPLATE_MAX_HEADINGS,
        });
        const templateKey = `reports/${id}/input/template.yaml`;
        await storage.put(templateKey, Buffer.from(up.template.text, 'utf8'));
        const input: ReportInputData = {
          ...(source === 'zip' && up.codebase ? { codebase: up.codebase } : {}),
          ...(source === 'github' ? { githubUrl: parsed.data.githubUrl } : {}),
          template: {
            key: templateKey,
            name: up.template.name,
            mime: 'application/yaml',
            size: up.template.size,
          },
          images: up.images,
          ...(up.logo ? { logo: up.logo } : {}),
          company: parsed.data.company,
        };
        if (source === 'zip' && up.codebase === undefined)
          throw errors.validation(messages.validation.zipRequired);
        const inserted = await repo.insert(
          {
            id,
            userId,
            projectName,
            projectSource: source,
            templateName: up.template.name,
            input,
            ...(source === 'github' && githubToken ? { githubToken } : {}),
          },
          quota,
        );
        if (!inserted) {
          const now = await repo.usage(userId);
          if (now.active >= quota.maxActive)
            throw errors.tooManyRequests(uploadMessages.tooManyActive(now.active));
          throw errors.payloadTooLarge(
            uploadMessages.overStorageLeft(mb(Math.max(0, quota.maxStoredBytes - now.storedBytes))),
          );
        }
        // This process's own writes are seen by its next read, without waiting for the notification.
        cache.invalidate(userId);
      } catch (e) {
        await storage.delete(reportPrefix(id)).catch(() => {});
        if (e instanceof AppError) throw e;
        const fe = e as { statusCode?: number; code?: string };
        if (fe.statusCode === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE') throw errors.payloadTooLarge();
        if (fe.code?.startsWith('FST_') || isMalformedMultipart(e))
          throw errors.validation(messages.api.badRequest);
        throw e;
      }
      await enqueueReport(app, id);
      return { report_id: id };
    },

    /**
     * The two polled reads answer with finished JSON, kept per user by the read cache (read-cache.ts):
     * a poll of an unchanged report costs neither a query nor a serialisation.
     */
    async listJson(
      userId: string,
      page: number,
      perPage: number,
      filters: ListFilters = {},
    ): Promise<string> {
      const key = `list:${page}:${perPage}:${filters.status ?? ''}:${JSON.stringify(filters.q ?? '')}`;
      return cache.read(userId, key, async () => writeList(await this.list(userId, page, perPage, filters)));
    },

    async list(
      userId: string,
      page: number,
      perPage: number,
      filters: ListFilters = {},
    ): Promise<ReportListResponse> {
      const { rows, total } = await repo.list(userId, perPage, (page - 1) * perPage, filters);
      const totalPages = Math.ceil(total / perPage);
      return {
        reports: rows.map(toReport),
        pagination: { currentPage: page, totalPages, totalReports: total, reportsPerPage: perPage },
        page,
        total_pages: totalPages,
        total_reports: total,
        per_page: perPage,
        has_next: page < totalPages,
        has_prev: page > 1,
      };
    },

    async statusJson(id: string, userId: string): Promise<string> {
      const json = await cache.read(userId, `status:${id}`, async () => {
        const r = await repo.status(id, userId);
        const status: StatusResponse | null = r && {
          state: r.status,
          progress: r.progress,
          step: r.step as Report['step'],
          error: r.error,
          step_log: r.step_log ?? [],
        };
        return status && writeStatus(status);
      });
      if (json === null) throw errors.reportNotFound();
      return json;
    },

    /** The time the caller's report still needs, from recent reports' measured steps (404 for anyone else's). */
    async durationEstimate(id: string, userId: string): Promise<DurationEstimate> {
      const row = await owned(id, userId);
      const mode = row.engine_mode ?? engineModeOf(config);
      const samples = await repo.recentTimings(mode, ESTIMATE_SAMPLE_LIMIT);
      return estimateDuration(
        { step: row.step, stepLog: row.step_log ?? [], bytes: row.input.codebase?.size ?? null },
        mode,
        samples,
        Date.now(),
      );
    },

    async detail(id: string, userId: string): Promise<ReportDetail> {
      const row = await owned(id, userId);
      const pricing = pricingFrom(config);
      const paid = await paidFormats(app, id, userId);
      const has = (f: 'word' | 'latex') => paid.some((p) => p.format === f);
      const tier =
        has('word') && has('latex') ? 'both' : has('word') ? 'word' : has('latex') ? 'latex' : 'none';
      const last = paid[paid.length - 1];
      return {
        ...toReport(row),
        pricing: {
          word: { amount: pricing.word.amount, currency: pricing.word.currency, label: pricing.word.label },
          latex: {
            amount: pricing.latex.amount,
            currency: pricing.latex.currency,
            label: pricing.latex.label,
          },
        },
        payment_tier: tier,
        payment_info: last ? { tier: last.format, amount: last.amount, currency: last.currency } : null,
        paid_formats: paid.map((p) => p.format),
      };
    },

    /** The stored preview, re-checked: a PDF with more than 5 pages is cut to 5 before it leaves. */
    async preview(id: string, userId: string): Promise<{ pdf_preview: string; pages: number }> {
      const row = await owned(id, userId);
      if (row.status !== 'completed') throw errors.notFound(messages.preview.fileNotFound);
      let bytes: Buffer;
      try {
        bytes = await storage.read(`${reportPrefix(id)}${ARTIFACTS.preview}`);
      } catch (e) {
        if (e instanceof StorageNotFoundError) throw errors.notFound(messages.preview.fileNotFound);
        throw e;
      }
      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      const count = doc.getPageCount();
      if (count <= PREVIEW_MAX_PAGES) return { pdf_preview: bytes.toString('base64'), pages: count };
      const cut = await PDFDocument.create();
      const pages = await cut.copyPages(
        doc,
        Array.from({ length: PREVIEW_MAX_PAGES }, (_, i) => i),
      );
      for (const p of pages) cut.addPage(p);
      return { pdf_preview: Buffer.from(await cut.save()).toString('base64'), pages: PREVIEW_MAX_PAGES };
    },

    async cancel(id: string, userId: string) {
      const outcome = await repo.requestCancel(id, userId);
      cache.invalidate(userId);
      if (!outcome) throw errors.reportNotFound();
      if (outcome === 'finished')
        throw errors.conflict('This report has already finished and cannot be cancelled.');
      // Not yet started: nothing runs, so its inputs go now. A running job cleans up at its next step.
      if (outcome === 'cancelled') await storage.delete(reportPrefix(id));
      return { success: true, message: messages.report.cancelled };
    },

    async remove(id: string, userId: string) {
      const removed = await repo.delete(id, userId);
      cache.invalidate(userId);
      if (!removed) throw errors.reportNotFound();
      // A running job notices the row is gone at its next heartbeat and deletes what it wrote.
      await storage.delete(reportPrefix(id));
      return { success: true, message: 'Report deleted' };
    },

    async clearCache(userId: string) {
      const keys = await repo.cacheEntries(userId);
      const cleared = (await repo.clearCache(userId)) + (await clearModelCache(app.db, userId));
      await Promise.all(keys.map((k) => storage.delete(k).catch(() => {})));
      return { success: true, cleared };
    },
  };
}

/** Enqueues a report's job; the job id is the report id so a repeated call never makes a second job. */
export async function enqueueReport(
  app: FastifyInstance,
  reportId: string,
  options: { retry?: boolean } = {},
): Promise<void> {
  if (!app.queue) return;
  await app.queue.send(REPORT_QUEUE, { reportId }, options.retry ? {} : { id: reportId });
  wakeWorkers(app.queue);
}
