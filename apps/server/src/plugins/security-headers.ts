// Security headers on every response (CSP, HSTS, frame and referrer rules...). helmet decides them;
// they depend on nothing in the request (no CSP nonces), so they are worked out once at start-up and
// each reply copies the finished set, instead of running helmet's middleware per request.
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets for these options, as a lower-case name → value map. */
export function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => (failure = err),
  );
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = Object.freeze(securityHeaders());
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
