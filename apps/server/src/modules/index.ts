// Registers the product modules in order. Each module adds one line here.
import type { FastifyInstance } from 'fastify';

export async function registerModules(_app: FastifyInstance): Promise<void> {
  // auth, reports, payments register here.
}
