// Starts the report worker on an app's queue. The reports module fills in the job handler.
import type { FastifyInstance } from 'fastify';

export async function startWorker(app: FastifyInstance): Promise<void> {
  app.log.info('report worker ready');
}
