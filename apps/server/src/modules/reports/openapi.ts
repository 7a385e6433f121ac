// The OpenAPI description of /api, generated from the same zod schemas the routes validate with and
// served at /api/docs. Registered before the product routes so it sees them.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@atr/shared';

export const ErrorBodySchema = ApiErrorSchema;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ATR API',
        version: '1.0.0',
        description: 'Reports and payments API of ATR (AI Technical Reports).',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // Only /api is described; the SPA, auth service and checkout pages are not part of it.
    transform: (input: TransformInput) => {
      const out = jsonSchemaTransform(input);
      if (!input.url.startsWith('/api/') || input.url.startsWith('/api/docs'))
        return { ...out, schema: { ...out.schema, hide: true } };
      return out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
