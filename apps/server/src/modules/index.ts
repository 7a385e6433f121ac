// Registers the product modules in order. Each module adds one line here.
import type { FastifyInstance } from 'fastify';
import { authModule } from './auth/index.ts';
import { reportsModule } from './reports/index.ts';
import { paymentsModule } from './payments/index.ts';

export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authModule); // first: decorates app.authenticate and app.mailer for the modules below
  await app.register(reportsModule); // storage, OpenAPI (before the routes it describes), reports API
  await app.register(paymentsModule); // checkout, verified fulfilment, gated downloads, test checkout
}
