// POST /api/estimate: what a report will cost on the configured language model (tokens, requests,
// USD), for the upload form to show before the user generates. Answers {enabled:false} when the
// agents run offline. Never exposes the key or the endpoint.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EngineError } from '@atr/engine';
import { errors } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { estimateUpload } from './ai.ts';
import { ErrorBodySchema } from './openapi.ts';

const EstimateBodySchema = z.object({
  /** The template's YAML, when one is chosen; the generic template's size otherwise. */
  template: z.string().max(256 * 1024).optional(),
  /** Size of the ZIP to upload, when known. */
  zipBytes: z.number().int().min(0).max(10 * 1024 * 1024 * 1024).optional(),
});

const RoleSchema = z.object({ model: z.string(), requests: z.number(), inputTokens: z.number(), outputTokens: z.number() });
export const EstimateResponseSchema = z.union([
  z.object({ enabled: z.literal(false), provider: z.literal('offline') }),
  z.object({
    enabled: z.literal(true),
    provider: z.string(),
    model: z.string(),
    sections: z.number(),
    roles: z.record(z.string(), RoleSchema),
    inputTokens: z.number(),
    outputTokens: z.number(),
    totalTokens: z.number(),
    costUsd: z.number().nullable(),
    budgetTokens: z.number(),
    withinBudget: z.boolean(),
  }),
]);

export const estimateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/estimate',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['reports'],
        summary: 'Estimate the tokens and cost of a report on the configured language model',
        security: [{ bearerAuth: [] }],
        body: EstimateBodySchema,
        response: { 200: EstimateResponseSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 413: ErrorBodySchema },
      },
    },
    async (request) => {
      requireUser(request);
      if (request.body.template !== undefined && Buffer.byteLength(request.body.template) > app.config.UPLOAD_MAX_TEMPLATE_BYTES) throw errors.payloadTooLarge();
      try {
        return estimateUpload(app.config, request.body);
      } catch (e) {
        if (e instanceof EngineError) throw errors.validation(e.message);
        throw e;
      }
    },
  );
};
