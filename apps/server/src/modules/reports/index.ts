// The reports module: storage, multipart uploads, the OpenAPI description and the reports routes.
// Wrapped with fastify-plugin so `app.storage` and the OpenAPI hook reach the modules registered after it.
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { createStorage } from '../../plugins/storage.ts';
import { aiConfigOf } from './ai.ts';
import { estimateRoutes } from './estimate-routes.ts';
import { registerOpenApi } from './openapi.ts';
import { reportRoutes } from './routes.ts';
import { multipartFileCeiling } from './upload.ts';

export const reportsModule = fp(
  async (app) => {
    if (!app.hasDecorator('storage')) app.decorate('storage', createStorage(app.config));
    await registerOpenApi(app);
    await app.register(multipart, {
      limits: {
        fileSize: multipartFileCeiling(app.config),
        files: app.config.UPLOAD_MAX_IMAGES + 10,
        fields: 40,
        fieldSize: 16 * 1024,
        parts: app.config.UPLOAD_MAX_IMAGES + 60,
      },
    });
    await app.register(reportRoutes);
    // Fails the start-up on a bad AI_* setting rather than the first report.
    aiConfigOf(app.config);
    await app.register(estimateRoutes);
  },
  { name: 'atr-reports' },
);
