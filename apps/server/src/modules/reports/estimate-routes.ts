// POST /api/estimate: what a report will cost on the configured language model (tokens, requests,
// USD), for the upload form to show before the user generates. Answers {enabled:false} when the
// agents run offline. Never exposes the key or the endpoint.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EstimateBodySchema, EstimateSchema } from '@atr/shared';
import { EngineError, isModelConfigured } from '@atr/engine';
import { errors } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { aiConfigOf, estimateUpload, githubListing } from './ai.ts';
import { ErrorBodySchema } from './openapi.ts';

export const EstimateResponseSchema = EstimateSchema;
export const ESTIMATE_BODY_BYTES = 16 * 1024 * 1024;

export const estimateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/estimate',
    {
      preHandler: app.authenticate,
      // an archive's listing: up to 100,000 paths and sizes
      bodyLimit: ESTIMATE_BODY_BYTES,
      schema: {
        tags: ['reports'],
        summary: 'Estimate the tokens and cost of a report on the configured language model',
        security: [{ bearerAuth: [] }],
        body: EstimateBodySchema,
        response: {
          200: EstimateResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          413: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      requireUser(request);
      if (
        request.body.template !== undefined &&
        Buffer.byteLength(request.body.template) > app.config.UPLOAD_MAX_TEMPLATE_BYTES
      )
        throw errors.payloadTooLarge();
      try {
        const { github, ...body } = request.body;
        const files =
          body.files ??
          (github && isModelConfigured(aiConfigOf(app.config))
            ? await githubListing(app.config, github, request.log)
            : undefined);
        return estimateUpload(app.config, { ...body, ...(files ? { files } : {}) });
      } catch (e) {
        if (e instanceof EngineError) throw errors.validation(e.message);
        throw e;
      }
    },
  );
};
