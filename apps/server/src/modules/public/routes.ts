// Public, unauthenticated endpoints: the price table, the operator facts and the health check.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PricingSchema, PublicConfigSchema, type Pricing } from '@atr/shared';
import type { Config } from '../../config.ts';

export function pricingFrom(config: Config): Pricing {
  return {
    word: {
      amount: config.PRICE_WORD_CENTS,
      currency: config.CURRENCY,
      label: 'Word (.docx)',
      description: 'Editable Microsoft Word document with cover page, table of contents and figures.',
    },
    latex: {
      amount: config.PRICE_LATEX_CENTS,
      currency: config.CURRENCY,
      label: 'LaTeX',
      description: 'LaTeX source bundle (main.tex, figures, logo) that compiles with pdflatex or xelatex.',
    },
    test_mode: config.payments === 'test',
  };
}

const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
  queue: z.object({ ok: z.boolean(), worker: z.boolean() }),
  /** Whether status and list polls are answered from memory (report change notifications are flowing). */
  report_cache: z.object({ enabled: z.boolean() }),
  uptime_s: z.number(),
});

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/pricing', { schema: { response: { 200: PricingSchema } } }, async () =>
    pricingFrom(app.config),
  );

  app.get('/api/config', { schema: { response: { 200: PublicConfigSchema } } }, async () => {
    const c = app.config;
    return {
      operator: {
        name: c.OPERATOR_NAME,
        address: c.OPERATOR_ADDRESS,
        vat: c.OPERATOR_VAT,
        email: c.OPERATOR_EMAIL,
        phone: c.OPERATOR_PHONE,
        contactUrl: c.OPERATOR_CONTACT_URL,
      },
      links: { about: c.ABOUT_URL, contact: c.CONTACT_URL },
      aiProvider: c.AI_PROVIDER,
      limits: {
        zipBytes: c.UPLOAD_MAX_ZIP_BYTES,
        templateBytes: c.UPLOAD_MAX_TEMPLATE_BYTES,
        templateHeadings: c.TEMPLATE_MAX_HEADINGS,
        logoBytes: c.UPLOAD_MAX_LOGO_BYTES,
        imageBytes: c.UPLOAD_MAX_IMAGE_BYTES,
        images: c.UPLOAD_MAX_IMAGES,
      },
    };
  });

  app.get(
    '/api/health',
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_req, reply) => {
      const dbOk = await app.db.ping();
      let queueOk = false;
      if (app.queue) {
        try {
          await app.queue.getQueue('generate-report');
          queueOk = true;
        } catch {
          queueOk = false;
        }
      }
      const ok = dbOk && queueOk;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { ok: dbOk, kind: app.db.kind },
        queue: { ok: queueOk, worker: app.workerRunning },
        report_cache: { enabled: app.hasDecorator('reportCache') && app.reportCache.enabled },
        uptime_s: Math.round(process.uptime()),
      });
    },
  );
};
