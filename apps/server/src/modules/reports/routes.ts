// HTTP routes of the reports API (spec §7): thin handlers that declare their shared zod schema and
// call the service. Every /api route needs a bearer token and sees only the caller's rows.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DurationEstimateSchema,
  GENERIC_TEMPLATE_FILENAME,
  GenerateResponseSchema,
  OkResponseSchema,
  PreviewResponseSchema,
  ReportDetailSchema,
  ReportIdSchema,
  ReportListQuerySchema,
  ReportListResponseSchema,
  StatusResponseSchema,
  resolvePerPage,
} from '@atr/shared';
import { ErrorBodySchema } from './openapi.ts';
import { requireUser } from '../../plugins/auth.ts';
import { reportService } from './service.ts';

const IdParams = z.object({ id: ReportIdSchema });
const errorsFor = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorBodySchema]));
const secured = [{ bearerAuth: [] }];
/** Answers with JSON text already written from the route's response schema (Fastify sends it as is). */
const sendJson = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);

const templatePath = createRequire(import.meta.url).resolve(
  `@atr/engine/templates/${GENERIC_TEMPLATE_FILENAME}`,
);

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = reportService(app);

  app.get(`/templates/${GENERIC_TEMPLATE_FILENAME}`, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/yaml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${GENERIC_TEMPLATE_FILENAME}"`)
      .send(fs.createReadStream(templatePath)),
  );

  app.post(
    '/api/generate',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Upload a project and a template (multipart, spec §7) and start generating a report',
        consumes: ['multipart/form-data'],
        security: secured,
        response: { 200: GenerateResponseSchema, ...errorsFor(400, 401, 413, 429, 503) },
      },
    },
    async (request) => service.generate(request, requireUser(request).id),
  );

  app.get(
    '/api/reports',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: "The caller's reports, newest first",
        security: secured,
        querystring: ReportListQuerySchema,
        response: { 200: ReportListResponseSchema, ...errorsFor(400, 401) },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        await service.listJson(requireUser(request).id, request.query.page, resolvePerPage(request.query), {
          q: request.query.q || undefined,
          status: request.query.status,
        }),
      ),
  );

  app.get(
    '/api/reports/:id/duration-estimate',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Time the report still needs, estimated from recent reports',
        security: secured,
        params: IdParams,
        response: { 200: DurationEstimateSchema, ...errorsFor(400, 401, 404) },
      },
    },
    async (request) => service.durationEstimate(request.params.id, requireUser(request).id),
  );

  app.get(
    '/api/status/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Generation state and progress',
        security: secured,
        params: IdParams,
        response: { 200: StatusResponseSchema, ...errorsFor(400, 401, 404) },
      },
    },
    async (request, reply) =>
      sendJson(reply, await service.statusJson(request.params.id, requireUser(request).id)),
  );

  app.get(
    '/api/reports/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Report detail with pricing and payment state',
        security: secured,
        params: IdParams,
        response: { 200: ReportDetailSchema, ...errorsFor(400, 401, 404) },
      },
    },
    async (request) => service.detail(request.params.id, requireUser(request).id),
  );

  app.get(
    '/api/reports/:id/preview',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'The first pages of the PDF (at most 5), base64',
        security: secured,
        params: IdParams,
        response: { 200: PreviewResponseSchema, ...errorsFor(400, 401, 404) },
      },
    },
    async (request) => service.preview(request.params.id, requireUser(request).id),
  );

  app.post(
    '/api/cancel/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Cancel a report that is still processing',
        security: secured,
        params: IdParams,
        response: { 200: OkResponseSchema, ...errorsFor(400, 401, 404, 409) },
      },
    },
    async (request) => service.cancel(request.params.id, requireUser(request).id),
  );

  app.delete(
    '/api/reports/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Delete a report and every stored file',
        security: secured,
        params: IdParams,
        response: { 200: OkResponseSchema, ...errorsFor(400, 401, 404) },
      },
    },
    async (request) => service.remove(request.params.id, requireUser(request).id),
  );

  app.post(
    '/api/reports/cache/clear',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: "Empty the caller's analysis cache",
        security: secured,
        response: { 200: z.object({ success: z.boolean(), cleared: z.number().int() }), ...errorsFor(401) },
      },
    },
    async (request) => service.clearCache(requireUser(request).id),
  );
};
