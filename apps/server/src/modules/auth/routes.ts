// The GoTrue-compatible HTTP API at /auth/v1 (the subset @supabase/auth-js uses). Routes are thin:
// they read the request, call the service and shape GoTrue's answers, errors included.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@atr/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { GoTrueError, gotrue, sendGoTrueError } from './gotrue-errors.ts';
import type { AuthService, Authenticated, Session } from './service.ts';

type Body = Record<string, unknown>;
const body = (request: FastifyRequest): Body =>
  request.body && typeof request.body === 'object' ? (request.body as Body) : {};
const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, string | undefined>;

/** Request URLs as logged: the query of the verify link carries a one-time token. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|token_hash|refresh_token|access_token|code)=)[^&#]*/gi, '$1[redacted]');
}

/** GoTrue's implicit-flow redirect: the session (or the error) travels in the URL fragment. */
export function fragmentRedirect(target: string, params: Record<string, string>): string {
  return `${target}#${new URLSearchParams(params).toString()}`;
}

export function sessionFragment(session: Session, type: string): Record<string, string> {
  return {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: 'bearer',
    type,
  };
}

export function settingsJson(config: Config) {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      linkedin_oidc: false,
      notion: false,
      phone: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
    },
    disable_signup: false,
    mailer_autoconfirm: config.AUTH_AUTOCONFIRM,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

export async function authRoutes(app: FastifyInstance, opts: { service: AuthService }) {
  const { service } = opts;

  // auth-js sends `Content-Type: application/json` with an empty body on logout.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, raw, done) => {
    const text = String(raw);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(gotrue.validation('Could not parse request body as JSON'), undefined);
    }
  });

  app.setErrorHandler((err, request, reply) => {
    if (err instanceof GoTrueError) {
      if (err.status >= 500) request.log.error({ code: err.errorCode }, err.message);
      else request.log.info({ code: err.errorCode, status: err.status }, 'auth request refused');
      return sendGoTrueError(request, reply, err);
    }
    // The app's own checks that run before these routes (control characters) keep their message.
    if (err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500)
      return sendGoTrueError(
        request,
        reply,
        new GoTrueError(err.statusCode, 'validation_failed', err.message),
      );
    const status = (err as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = status === 413 ? messages.api.requestTooLarge : messages.api.badRequest;
      return sendGoTrueError(request, reply, new GoTrueError(status, 'validation_failed', message));
    }
    request.log.error({ err }, 'auth request failed');
    return sendGoTrueError(request, reply, gotrue.unexpected());
  });
  app.setNotFoundHandler((request, reply) => sendGoTrueError(request, reply, gotrue.notFound()));

  // Answers carrying tokens must not be cached anywhere.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  async function authed(request: FastifyRequest): Promise<Authenticated> {
    return service.authenticate(bearerToken(request));
  }

  app.get('/health', async () => ({
    version: 'atr',
    name: 'GoTrue',
    description: 'GoTrue-compatible auth service of ATR',
  }));
  app.get('/settings', async () => settingsJson(app.config));

  app.post('/signup', async (request, reply) => {
    const b = body(request);
    const data = (b.data && typeof b.data === 'object' ? b.data : {}) as Body;
    const result = await service.signup({
      email: b.email,
      password: b.password,
      fullName: data.full_name,
      redirectTo: query(request).redirect_to,
      ip: request.ip,
    });
    return reply.send('session' in result ? result.session : result.user);
  });

  app.post('/token', async (request, reply) => {
    const grant = query(request).grant_type;
    const b = body(request);
    if (grant === 'password') {
      return reply.send(
        await service.passwordGrant({ email: b.email, password: b.password, ip: request.ip }),
      );
    }
    if (grant === 'refresh_token')
      return reply.send(await service.refreshGrant({ refreshToken: b.refresh_token }));
    throw gotrue.unsupportedGrant();
  });

  app.post('/recover', async (request, reply) => {
    await service.recover({
      email: body(request).email,
      redirectTo: query(request).redirect_to,
      ip: request.ip,
    });
    return reply.send({});
  });

  app.post('/resend', async (request, reply) => {
    const b = body(request);
    await service.resend({
      email: b.email,
      type: b.type,
      redirectTo: query(request).redirect_to,
      ip: request.ip,
    });
    return reply.send({});
  });

  app.get('/verify', async (request, reply) => {
    const q = query(request);
    const result = await service.verify({ token: q.token, type: q.type, redirectTo: q.redirect_to });
    if ('error' in result && result.error) {
      return reply.redirect(
        fragmentRedirect(result.redirectTo, {
          error: 'access_denied',
          error_code: result.error.errorCode,
          error_description: result.error.message,
        }),
        303,
      );
    }
    return reply.redirect(
      fragmentRedirect(result.redirectTo, sessionFragment(result.session!, result.kind)),
      303,
    );
  });

  app.post('/verify', async (request, reply) => {
    const b = body(request);
    const result = await service.verify({
      token: b.token_hash ?? b.token,
      type: b.type,
      redirectTo: query(request).redirect_to,
    });
    if ('error' in result && result.error) throw result.error;
    return reply.send(result.session);
  });

  app.get('/user', async (request) => service.userJson((await authed(request)).user));

  app.put('/user', async (request) => {
    const auth = await authed(request);
    const b = body(request);
    const data = (b.data && typeof b.data === 'object' ? b.data : {}) as Body;
    return service.updateUser(auth, {
      password: b.password,
      currentPassword: b.current_password,
      fullName: data.full_name,
      email: b.email,
    });
  });

  app.post('/logout', async (request, reply: FastifyReply) => {
    const auth = await authed(request);
    await service.logout(auth, query(request).scope);
    return reply.status(204).send();
  });
}
