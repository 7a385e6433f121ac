// POST /api/estimate: what a report will cost on the configured language model (tokens, requests,
// USD), for the upload form to show before the user generates. Answers {enabled:false} when the
// agents run offline. Never exposes the key or the endpoint.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EstimateBodySchema, EstimateSchema } from '@atr/shared';
import { EngineError, isModelConfigured } from '@atr/engine';
import { errors } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { aiConfigOf, estimateUpload, githubListing } from './ai.ts';
import { readUploadedTemplate } from './template-parser.ts';
import { ErrorBodySchema } from './openapi.ts';

export const EstimateResponseSchema = EstimateSchema;
export const ESTIMATE_BODY_BYTES = 16 * 1024 * 1024;

/**
 * GitHub listings an estimate may ask for per hour: a user's own with a token (their quota), and
 * without one per user and for the whole server, so estimates never use more than half of GitHub's
 * 60 unauthenticated requests an hour that downloads also need.
 */
export const GITHUB_LISTINGS_PER_HOUR = { withToken: 60, perUser: 20, server: 30 };

export const estimateRoutes: FastifyPluginAsyncZod = async (app) => {
  const listings = createRateLimiter(app.db, 3600);
  const mayAsk = async (userId: string, token: boolean) =>
    token
      ? listings.hit(`estimate:github:${userId}:token`, GITHUB_LISTINGS_PER_HOUR.withToken)
      : (await listings.hit(`estimate:github:${userId}`, GITHUB_LISTINGS_PER_HOUR.perUser)) &&
        listings.hit('estimate:github', GITHUB_LISTINGS_PER_HOUR.server);
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
          503: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (
        request.body.template !== undefined &&
        Buffer.byteLength(request.body.template) > app.config.UPLOAD_MAX_TEMPLATE_BYTES
      )
        throw errors.payloadTooLarge();
      try {
        const { github, ...body } = request.body;
        const modelConfigured = isModelConfigured(aiConfigOf(app.config));
        // the template is read in a worker thread with a time limit, and only when there is a model to estimate for
        const template =
          body.template && modelConfigured
            ? await readUploadedTemplate(app.templateParser, body.template, {
                maxHeadings: app.config.TEMPLATE_MAX_HEADINGS,
              })
            : body.template;
        const files =
          body.files ??
          (github && modelConfigured
            ? await githubListing(app.config, github, request.log, () => mayAsk(user.id, !!github.token))
            : undefined);
        return estimateUpload(app.config, { ...body, template, ...(files ? { files } : {}) });
      } catch (e) {
        if (e instanceof EngineError) throw errors.validation(e.message);
        throw e;
      }
    },
  );
};
