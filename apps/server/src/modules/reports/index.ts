// The reports module: storage, multipart uploads, the OpenAPI description and the reports routes.
// Wrapped with fastify-plugin so `app.storage` and the OpenAPI hook reach the modules registered after it.
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { Config } from '../../config.ts';
import { createStorage } from '../../plugins/storage.ts';
import { aiConfigOf } from './ai.ts';
import { estimateRoutes } from './estimate-routes.ts';
import { registerOpenApi } from './openapi.ts';
import { reportRoutes } from './routes.ts';
import { multipartFileCeiling } from './upload.ts';
import { ReportReadCache } from './read-cache.ts';
import { createTemplateParser, type TemplateParser } from './template-parser.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Status and list reads per user, forgotten on every change to their reports. */
    reportCache: ReportReadCache;
    /** Reads templates in worker threads with a time limit (TEMPLATE_PARSE_LIMIT_MS). */
    templateParser: TemplateParser;
  }
}

/**
 * Every busboy limit for POST /api/generate, sized from what the upload form (spec §7) can legitimately
 * send, so a crafted body cannot make the server parse thousands of parts, fields or headers. Busboy's
 * own defaults are unbounded (parts, fields, files) or generous (2000 header pairs, 1 MB per field).
 */
export function multipartLimits(config: Config) {
  // The form sends 9 text fields (project_name, project_source, codebase as a GitHub URL, 6 companyData.*);
  // the rest is slack for clients that add a field or two.
  const fields = 20;
  // One ZIP, one template, one logo, the images, and slack for the empty parts browsers send for empty
  // inputs and for non-image files picked as images (skipped, not refused).
  const files = config.UPLOAD_MAX_IMAGES + 10;
  return {
    fileSize: multipartFileCeiling(config),
    files,
    fields,
    // The longest text value the form accepts is 300 characters (companyData.address/website, at most
    // 1200 bytes in UTF-8); a value cut at 4 KB therefore still fails the shared form schema.
    fieldSize: 4 * 1024,
    // Fewer than files + fields: a full form plus slack, not both maxima at once.
    parts: config.UPLOAD_MAX_IMAGES + 20,
    // A browser sends two header lines per part (Content-Disposition, Content-Type).
    headerPairs: 8,
    // The longest form name is "companyData.website". Busboy honours this for urlencoded bodies only.
    fieldNameSize: 64,
  };
}

export const reportsModule = fp(
  async (app) => {
    if (!app.hasDecorator('storage')) app.decorate('storage', createStorage(app.config));
    const cache = new ReportReadCache({ ttlMs: app.config.REPORT_CACHE_MS });
    app.decorate('reportCache', cache);
    if (app.config.REPORT_CACHE_MS > 0) {
      const unfollow = await cache.follow(app.db, (message) => app.log.warn(message));
      app.addHook('onClose', async () => {
        cache.setLive(false);
        await unfollow();
      });
    }
    const templateParser = createTemplateParser({ timeoutMs: app.config.TEMPLATE_PARSE_LIMIT_MS });
    app.decorate('templateParser', templateParser);
    app.addHook('onClose', () => templateParser.close());
    await registerOpenApi(app);
    await app.register(multipart, { limits: multipartLimits(app.config) });
    await app.register(reportRoutes);
    // Fails the start-up on a bad AI_* setting rather than the first report.
    aiConfigOf(app.config);
    await app.register(estimateRoutes);
  },
  { name: 'atr-reports' },
);
