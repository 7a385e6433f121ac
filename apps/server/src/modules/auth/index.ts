// The auth module: wires the mailer, rate limiter, token service, repository and service, decorates
// `app.mailer` and `app.authenticate`, and mounts the GoTrue-compatible API at /auth/v1.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createMailer } from '../../plugins/mailer.ts';
import { createRateLimiter } from '../../plugins/rate-limit.ts';
import { authPlugin } from '../../plugins/auth.ts';
import { createAuthRepository } from './repository.ts';
import { createAuthService } from './service.ts';
import { createTokenService, loadJwtSecret } from './jwt.ts';
import { authRoutes, redactUrl } from './routes.ts';

export const AUTH_PREFIX = '/auth/v1';

/** Fastify's request serializer, with the one-time tokens of verify links masked. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export const authModule = fp(
  async (app: FastifyInstance) => {
    const config = app.config;
    const secret = await loadJwtSecret(config);
    const tokens = createTokenService(secret, {
      issuer: `${config.siteUrl}${AUTH_PREFIX}`,
      ttlS: config.ACCESS_TOKEN_TTL_S,
    });
    const repo = createAuthRepository(app.db);
    const mailer = createMailer(config, app.log);
    const limiter = createRateLimiter(app.db, config.AUTH_RATE_LIMIT_WINDOW_S);
    const service = createAuthService({ config, repo, tokens, mailer, limiter });

    app.decorate('mailer', mailer);
    // Mail is sent after the answer: let what is on its way leave before the process stops.
    app.addHook('onClose', () => mailer.idle());
    await app.register(authPlugin, { service, repo });
    await app.register(authRoutes, {
      prefix: AUTH_PREFIX,
      service,
      // Fastify's request serializer, with the one-time tokens of verify links masked.
      // (Fastify types serializers as returning strings; pino accepts objects, as Fastify's own does.)
      logSerializers: { req: serializeRequest as unknown as (value: unknown) => string },
    });
  },
  { name: 'atr-auth-module', dependencies: [] },
);
