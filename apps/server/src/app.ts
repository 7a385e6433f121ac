// Builds the Fastify app: external plugins (db, queue) → app plugins (security, auth) → routes → SPA.
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type PgBoss from 'pg-boss';
import type { Config } from './config.ts';
import { createDatabase, type Database } from './db/index.ts';
import { createQueue } from './plugins/queue.ts';
import { registerMetrics, type Metrics } from './plugins/metrics.ts';
import { registerErrorHandler } from './errors.ts';
import { createSerializerCompiler } from './serializer.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerControlCharCheck } from './plugins/control-chars.ts';
import { registerStaticWeb } from './plugins/static-web.ts';
import { publicRoutes } from './modules/public/routes.ts';
import { registerModules } from './modules/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    queue: PgBoss | null;
    workerRunning: boolean;
    /** Prometheus metrics of this process; null when METRICS_PORT is unset. */
    metrics: Metrics | null;
  }
}

export interface BuildOptions {
  config: Config;
  /** An existing database (tests share one); otherwise one is opened from the config. */
  db?: Database;
  /** Start pg-boss (default true). */
  queue?: boolean;
  logger?: boolean;
  /** Folder of the built web app (tests point it at a fixture). */
  webDist?: string;
}

export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-github-token"]',
  'req.headers["stripe-signature"]',
  '*.password',
  '*.current_password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
];

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.LOG_LEVEL, redact: { paths: REDACT, censor: '[redacted]' } },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checked: config.NODE_ENV !== 'production' }));
  registerErrorHandler(app);

  const ownDb = !options.db;
  const db =
    options.db ??
    (await createDatabase({
      url: config.DATABASE_URL,
      listenUrl: config.DATABASE_LISTEN_URL,
      pgliteDir: config.DATABASE_URL ? undefined : `${config.dataDir}/pglite`,
    }));
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('workerRunning', false);
  // Before any route, so every request is timed.
  app.decorate('metrics', registerMetrics(app, config, db));
  const queue =
    options.queue === false ? null : await createQueue(db, (msg, err) => app.log.error({ err }, msg));
  app.decorate('queue', queue);

  app.addHook('onClose', async () => {
    if (queue) await queue.stop({ graceful: true, timeout: 10_000 }).catch(() => {});
    if (ownDb) await db.close();
  });

  registerSecurityHeaders(app);
  registerControlCharCheck(app);

  // CORS is off (same origin) unless origins are configured.
  const allowed = config.CORS_ORIGINS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (allowed.length > 0) {
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin && allowed.includes(origin)) {
        void reply.header('access-control-allow-origin', origin).header('vary', 'origin');
        void reply.header(
          'access-control-allow-headers',
          'authorization, content-type, apikey, x-client-info, x-supabase-api-version, x-github-token',
        );
        void reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
        if (request.method === 'OPTIONS') return reply.status(204).send();
      }
    });
  }

  await app.register(publicRoutes);
  await registerModules(app);
  await registerStaticWeb(app, options.webDist, { sourceMaps: options.config.WEB_SOURCE_MAPS });
  return app;
}
