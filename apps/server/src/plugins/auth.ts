// Bearer-token authentication for /api routes. Use it as `{ preHandler: app.authenticate }` on a route
// (or `app.addHook('preHandler', app.authenticate)` inside your plugin), then `requireUser(request)`.
// Accepts access tokens of the built-in auth service (session must still be active) and, when
// SUPABASE_URL + SUPABASE_JWT_SECRET or SUPABASE_JWKS_URL are set, tokens of that hosted project.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { trimEndChars } from '@atr/shared';
import type { Config } from '../config.ts';
import { errors } from '../errors.ts';
import type { AuthRepository } from '../modules/auth/repository.ts';
import type { AuthService } from '../modules/auth/service.ts';
import { GoTrueError } from '../modules/auth/gotrue-errors.ts';

export interface AuthUser {
  id: string;
  email: string;
  fullName: string;
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; null on routes that do not use it. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 'unauthorized' unless the request carries a valid, active bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in user of a request that went through `app.authenticate`; throws 401 otherwise. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw errors.unauthorized();
  return request.user;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(h) : null;
  return m?.[1];
}

interface ExternalVerifier {
  issuer: string;
  verify(token: string): Promise<{ id: string; email: string; fullName: string }>;
}

/** Verifier for tokens of a hosted Supabase project, or null when none is configured. */
export function supabaseVerifier(
  config: Pick<Config, 'SUPABASE_URL' | 'SUPABASE_JWT_SECRET' | 'SUPABASE_JWKS_URL'>,
): ExternalVerifier | null {
  if (!config.SUPABASE_URL || (!config.SUPABASE_JWT_SECRET && !config.SUPABASE_JWKS_URL)) return null;
  const issuer = `${trimEndChars(config.SUPABASE_URL, '/')}/auth/v1`;
  const jwks: JWTVerifyGetKey | null = config.SUPABASE_JWKS_URL
    ? createRemoteJWKSet(new URL(config.SUPABASE_JWKS_URL))
    : null;
  const secret = config.SUPABASE_JWT_SECRET ? new TextEncoder().encode(config.SUPABASE_JWT_SECRET) : null;
  return {
    issuer,
    async verify(token) {
      const options = { issuer, audience: 'authenticated' };
      const { payload } = jwks
        ? await jwtVerify(token, jwks, { ...options, algorithms: ['RS256', 'ES256'] })
        : await jwtVerify(token, secret!, { ...options, algorithms: ['HS256'] });
      const meta = (payload.user_metadata ?? {}) as Record<string, unknown>;
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string')
        throw new Error('missing claims');
      const fullName =
        typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : '';
      return { id: payload.sub, email: payload.email.toLowerCase(), fullName };
    },
  };
}

export interface AuthPluginOptions {
  service: AuthService;
  repo: AuthRepository;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, { service, repo }) => {
    const external = supabaseVerifier(app.config);
    // Hosted users get a local row (other tables reference users.id); refreshed at most once a minute.
    const synced = new Map<string, { at: number; user: AuthUser }>();

    async function externalUser(token: string): Promise<AuthUser> {
      const claims = await external!.verify(token);
      const hit = synced.get(claims.id);
      if (hit && Date.now() - hit.at < 60_000) return hit.user;
      const row = await repo.upsertExternalUser(claims);
      if (!row) throw new Error('external user could not be stored');
      const user = { id: row.id, email: row.email, fullName: row.fullName, createdAt: row.createdAt };
      synced.set(claims.id, { at: Date.now(), user });
      if (synced.size > 10_000) synced.clear();
      return user;
    }

    app.decorateRequest('user', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw errors.unauthorized();
      try {
        if (external && decodeJwt(token).iss === external.issuer) {
          request.user = await externalUser(token);
          return;
        }
        const { user } = await service.authenticate(token);
        request.user = { id: user.id, email: user.email, fullName: user.fullName, createdAt: user.createdAt };
      } catch (err) {
        // Bad, expired or revoked tokens answer 401; anything else (the database is down) is a 5xx.
        const code = (err as { code?: unknown }).code;
        const rejected =
          err instanceof GoTrueError ||
          (typeof code === 'string' && code.startsWith('ERR_J')) ||
          (err as Error).message === 'missing claims';
        if (!rejected) throw err;
        request.log.debug({ reason: (err as Error).name }, 'bearer token rejected');
        throw errors.unauthorized();
      }
    });
  },
  { name: 'atr-auth' },
);
