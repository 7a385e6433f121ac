// The payments module: provider chosen by configuration (Stripe or the built-in test checkout) and its routes.
import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from './routes.ts';

export async function paymentsModule(app: FastifyInstance): Promise<void> {
  await app.register(paymentRoutes);
}
