// The rules of the auth service: sign-up with confirmation, password and refresh-token grants with
// rotation and reuse detection, recovery, link verification, profile updates and logout.
import crypto from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import DataLoader from 'dataloader';
import {
  EMAIL_MAX_LENGTH,
  EmailAddressSchema,
  PASSWORD_MIN_LENGTH,
  ProfileFormSchema,
  messages,
} from '@atr/shared';
import type { Config } from '../../config.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { RateLimiter } from '../../plugins/rate-limit.ts';
import type { AuthRepository, OneTimeKind, User } from './repository.ts';
import { APP_METADATA, AUDIENCE, ROLE, userMetadata, type AccessClaims, type TokenService } from './jwt.ts';
import { confirmSignupMail, existingAccountMail, recoveryMail } from './emails.ts';
import { GoTrueError, gotrue } from './gotrue-errors.ts';

export const LINK_TTL_S = 24 * 60 * 60;

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const newOpaqueToken = () => crypto.randomBytes(32).toString('base64url');

export interface Session {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

export interface Authenticated {
  user: User;
  sessionId: string;
  claims: AccessClaims;
}

export interface AuthServiceDeps {
  config: Config;
  repo: AuthRepository;
  tokens: TokenService;
  mailer: Mailer;
  limiter: RateLimiter;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user object GoTrue returns (GET /user, sign-up, inside sessions). */
export function userJson(u: User): Record<string, unknown> {
  const created = iso(u.createdAt);
  return {
    id: u.id,
    aud: AUDIENCE,
    role: ROLE,
    email: u.email,
    email_confirmed_at: iso(u.emailConfirmedAt),
    phone: '',
    confirmation_sent_at: iso(u.confirmationSentAt),
    confirmed_at: iso(u.emailConfirmedAt),
    recovery_sent_at: iso(u.recoverySentAt),
    last_sign_in_at: iso(u.lastSignInAt),
    app_metadata: APP_METADATA,
    user_metadata: userMetadata(u),
    identities: [
      {
        identity_id: u.id,
        id: u.id,
        user_id: u.id,
        identity_data: { email: u.email, email_verified: u.emailConfirmedAt != null, sub: u.id },
        provider: 'email',
        last_sign_in_at: iso(u.lastSignInAt) ?? created,
        created_at: created,
        updated_at: iso(u.updatedAt),
        email: u.email,
      },
    ],
    created_at: created,
    updated_at: iso(u.updatedAt),
    is_anonymous: false,
  };
}

/**
 * Where a link may send the browser: a relative path, or an absolute URL on the site's own origin or
 * an origin allowed by CORS_ORIGINS. Anything else falls back to the site (no open redirect).
 */
export function safeRedirect(
  raw: string | undefined | null,
  config: Pick<Config, 'siteUrl' | 'CORS_ORIGINS'>,
): string {
  const site = new URL(config.siteUrl);
  if (!raw) return config.siteUrl;
  try {
    if (raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/\\')) {
      const url = new URL(raw, site);
      if (url.origin !== site.origin) return config.siteUrl;
      url.hash = '';
      return url.toString();
    }
    const url = new URL(raw);
    const allowed = new Set([
      site.origin,
      ...config.CORS_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ]);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !allowed.has(url.origin))
      return config.siteUrl;
    url.hash = '';
    return url.toString();
  } catch {
    return config.siteUrl;
  }
}

export function createAuthService({ config, repo, tokens, mailer, limiter }: AuthServiceDeps) {
  const limits = {
    ip: config.AUTH_RATE_LIMIT_PER_IP,
    email: config.AUTH_RATE_LIMIT_PER_EMAIL,
    failedPerEmail: config.AUTH_RATE_LIMIT_FAILED_PER_EMAIL,
  };
  // Active sessions seen in the last AUTH_SESSION_CACHE_MS, so a burst of API calls costs one session
  // lookup. Any revocation or user change made through this process forgets them all at once; another
  // process sees a revocation within AUTH_SESSION_CACHE_MS (docs/decisions/008-session-check-cache.md).
  const activeSessions = new Map<string, { user: User; until: number; refreshing?: boolean }>();
  // Bumped by every forget, so a lookup that was in flight across a revocation is not remembered.
  let generation = 0;
  const forgetSessions = () => {
    generation++;
    activeSessions.clear();
  };
  // The lookups of one event-loop turn go to the database as one query: under load, hundreds of
  // sessions fall due in the same second, and one round trip each queued them behind the pool.
  const sessionLoader = new DataLoader<string, User | null>(
    async (sessionIds) => {
      const found = await repo.findActiveSessionUsers(sessionIds);
      return sessionIds.map((id) => found.get(id) ?? null);
    },
    { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
  );
  async function checkSession(sessionId: string, userId: string): Promise<User | null> {
    const started = generation;
    const found = await sessionLoader.load(sessionId);
    // A token naming another user than its session's is as good as no session.
    const user = found && found.id === userId ? found : null;
    if (user && config.AUTH_SESSION_CACHE_MS > 0 && started === generation) {
      if (activeSessions.size >= 10_000) activeSessions.clear();
      activeSessions.set(sessionId, { user, until: Date.now() + config.AUTH_SESSION_CACHE_MS });
    } else if (!user) activeSessions.delete(sessionId);
    return user;
  }
  async function activeSessionUser(sessionId: string, userId: string): Promise<User | null> {
    const hit = activeSessions.get(sessionId);
    const now = Date.now();
    if (hit && hit.until > now) {
      if (hit.user.id !== userId) return null;
      // In its last quarter an entry is checked again in the background, so a busy session never
      // waits for the check; every answer still comes from a check at most AUTH_SESSION_CACHE_MS old.
      if (!hit.refreshing && hit.until - now < config.AUTH_SESSION_CACHE_MS / 4) {
        hit.refreshing = true;
        void checkSession(sessionId, userId).catch(() => activeSessions.delete(sessionId));
      }
      return hit.user;
    }
    return checkSession(sessionId, userId);
  }
  // Unknown e-mails are checked against this so a failed login costs the same time either way.
  const dummyHash = hash(crypto.randomBytes(16).toString('hex'), ARGON2);

  const emailTooLong = () => gotrue.validation(messages.validation.emailTooLong);

  function parseEmail(raw: unknown): string {
    const r = EmailAddressSchema.safeParse(raw);
    if (r.success) return r.data.toLowerCase();
    if (r.error.issues.some((i) => i.code === 'too_big')) throw emailTooLong();
    throw gotrue.invalidEmail();
  }

  function checkPassword(raw: unknown): string {
    if (typeof raw !== 'string' || raw.length === 0) throw gotrue.validation('Password is required');
    if (raw.length < PASSWORD_MIN_LENGTH) throw gotrue.weakPassword(PASSWORD_MIN_LENGTH);
    if (raw.length > 256) throw gotrue.validation('Password is too long');
    return raw;
  }

  function parseFullName(raw: unknown): string {
    const r = ProfileFormSchema.safeParse({ fullName: typeof raw === 'string' ? raw : '' });
    if (!r.success) throw gotrue.validation(r.error.issues[0]?.message ?? 'Invalid full name');
    return r.data.fullName;
  }

  /**
   * GoTrue's secure password change: the caller proves they are the owner with the current password,
   * unless the access token comes from a recovery link (its `amr` says so; it lives ACCESS_TOKEN_TTL_S,
   * and a refreshed token is a plain one). Wrong guesses count against the account like failed sign-ins.
   */
  async function checkCurrentPassword(auth: Authenticated, raw: unknown) {
    const amr = auth.claims.amr as Array<{ method?: unknown }> | undefined;
    if (Array.isArray(amr) && amr.some((m) => m?.method === 'recovery')) return;
    if (typeof raw !== 'string' || raw.length === 0) throw gotrue.currentPasswordRequired();
    const key = `update-password-failed:user:${auth.user.id}`;
    if (await limiter.exceeded(key, limits.email)) throw gotrue.rateLimited();
    const ok =
      raw.length <= 256 && auth.user.passwordHash
        ? await verify(auth.user.passwordHash, raw).catch(() => false)
        : false;
    if (!ok) {
      await limiter.hit(key, limits.email);
      throw gotrue.currentPasswordMismatch();
    }
  }

  function verifyLink(kind: OneTimeKind, token: string, redirectTo: string) {
    const u = new URL(`${config.siteUrl}/auth/v1/verify`);
    u.searchParams.set('token', token);
    u.searchParams.set('type', kind);
    u.searchParams.set('redirect_to', redirectTo);
    return u.toString();
  }

  async function issueSession(user: User, method: 'password' | 'otp' | 'recovery'): Promise<Session> {
    const refresh = newOpaqueToken();
    const sessionId = await repo.createSession(user.id, sha256(refresh));
    await repo.touchSignIn(user.id);
    const fresh = (await repo.findUserById(user.id)) ?? user;
    return sessionFor(fresh, sessionId, refresh, method);
  }

  async function sessionFor(
    user: User,
    sessionId: string,
    refresh: string,
    method: 'password' | 'otp' | 'recovery',
  ): Promise<Session> {
    const { token, exp } = await tokens.sign(user, sessionId, method);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: tokens.ttlS,
      expires_at: exp,
      refresh_token: refresh,
      user: userJson(user),
    };
  }

  return {
    /** POST /signup. An already registered e-mail gets the same-looking answer (and its owner a mail). */
    async signup(input: {
      email: unknown;
      password: unknown;
      fullName: unknown;
      redirectTo?: string;
      ip: string;
    }) {
      const email = parseEmail(input.email);
      const password = checkPassword(input.password);
      const fullName = input.fullName == null || input.fullName === '' ? '' : parseFullName(input.fullName);
      if (!(await limiter.hit(`signup:ip:${input.ip}`, limits.ip))) throw gotrue.rateLimited();
      const redirectTo = safeRedirect(input.redirectTo, config);
      const passwordHash = await hash(password, ARGON2);
      if (config.AUTH_AUTOCONFIRM) {
        if (!(await limiter.hit(`signup:email:${email}`, limits.email))) throw gotrue.rateLimited();
        const user = await repo.insertUser({ email, passwordHash, fullName, confirmed: true });
        // A new account gets a session at once, so existence cannot be hidden; GoTrue answers
        // user_already_exists there too.
        if (!user) throw gotrue.userAlreadyExists();
        return { session: await issueSession(user, 'password') };
      }
      // A new and a registered address take the same path (hash, one statement that counts the
      // per-e-mail limit and so writes either way, mail after the answer): the answer's timing does not
      // tell them apart.
      const token = newOpaqueToken();
      const result = await repo.signUpWithLink({
        email,
        passwordHash,
        fullName,
        tokenHash: sha256(token),
        redirectTo,
        ttlS: LINK_TTL_S,
        hit: limiter.inStatement(`signup:email:${email}`, limits.email),
      });
      if (!result.allowed) throw gotrue.rateLimited();
      const link = verifyLink('signup', token, redirectTo);
      if (result.user && result.created) {
        mailer.queue(confirmSignupMail(result.user.email, result.user.fullName, link));
        return { user: userJson(result.user) };
      }
      if (result.user && result.linkIssued) {
        // The owner may have lost the first mail; the password is not changed by a second sign-up.
        mailer.queue(confirmSignupMail(result.user.email, result.user.fullName, link));
      } else if (result.user) {
        mailer.queue(
          existingAccountMail(
            result.user.email,
            result.user.fullName,
            `${config.siteUrl}/login`,
            `${config.siteUrl}/reset-password`,
          ),
        );
      }
      const now = new Date();
      return {
        user: userJson({
          id: crypto.randomUUID(),
          email,
          passwordHash: null,
          fullName,
          provider: 'email',
          emailConfirmedAt: null,
          confirmationSentAt: now,
          recoverySentAt: null,
          lastSignInAt: null,
          createdAt: now,
          updatedAt: now,
        }),
      };
    },

    /** POST /token?grant_type=password: one answer for unknown e-mails and wrong passwords. */
    async passwordGrant(input: { email: unknown; password: unknown; ip: string }): Promise<Session> {
      if (typeof input.email !== 'string' || typeof input.password !== 'string' || !input.password) {
        throw gotrue.invalidCredentials();
      }
      const email = input.email.trim().toLowerCase();
      if (email.length > EMAIL_MAX_LENGTH) throw emailTooLong();
      // Failed sign-ins are counted per IP + e-mail, so an attacker guessing from one IP is stopped
      // without locking the owner out from another; and per e-mail over all IPs, with a higher limit,
      // against guessing spread over many IPs (docs/decisions/002-auth-rate-limits.md).
      const ipEmailKey = `token-failed:ip-email:${input.ip}:${email}`;
      const emailKey = `token-failed:email:${email}`;
      if (
        !(await limiter.hit(`token:ip:${input.ip}`, limits.ip)) ||
        (await limiter.exceeded(ipEmailKey, limits.email)) ||
        (await limiter.exceeded(emailKey, limits.failedPerEmail))
      ) {
        throw gotrue.rateLimited();
      }
      const user = email ? await repo.findUserByEmail(email) : null;
      const ok = user?.passwordHash
        ? await verify(user.passwordHash, input.password).catch(() => false)
        : await verify(await dummyHash, input.password).then(
            () => false,
            () => false,
          );
      if (!user || !ok) {
        await limiter.hit(ipEmailKey, limits.email);
        await limiter.hit(emailKey, limits.failedPerEmail);
        throw gotrue.invalidCredentials();
      }
      if (!user.emailConfirmedAt) throw gotrue.emailNotConfirmed();
      // The owner's IP starts afresh; the count over all IPs stays, so a success does not hand a
      // distributed guesser a new allowance.
      await limiter.reset(ipEmailKey);
      return issueSession(user, 'password');
    },

    /**
     * POST /token?grant_type=refresh_token. Rotation: the presented token is revoked and a child
     * issued. A revoked token presented again within the reuse interval (a client that lost the
     * answer, a second tab) gets another child, the first one staying valid; later, it is treated as stolen and the whole session is revoked.
     */
    async refreshGrant(input: { refreshToken: unknown }): Promise<Session> {
      if (typeof input.refreshToken !== 'string' || !input.refreshToken) throw gotrue.refreshTokenNotFound();
      const found = await repo.findRefreshToken(sha256(input.refreshToken), config.REFRESH_REUSE_INTERVAL_S);
      if (!found) throw gotrue.refreshTokenNotFound();
      if (found.sessionRevoked) throw gotrue.sessionRevoked();
      const child = newOpaqueToken();
      let rotated = false;
      if (!found.revoked) rotated = await repo.rotateRefreshToken(found.id, sha256(child));
      if (!rotated) {
        const again = found.revoked
          ? found
          : await repo.findRefreshToken(sha256(input.refreshToken), config.REFRESH_REUSE_INTERVAL_S);
        if (again?.withinReuse) rotated = await repo.issueSibling(found.id, sha256(child));
        if (!rotated) {
          await repo.revokeSessions(found.userId, 'local', found.sessionId);
          forgetSessions();
          throw gotrue.refreshTokenAlreadyUsed();
        }
      }
      const user = await repo.findActiveSessionUser(found.sessionId, found.userId);
      if (!user) throw gotrue.sessionRevoked();
      return sessionFor(user, found.sessionId, child, 'password');
    },

    /** POST /recover: always the same answer, in the same time; a mail only when the account exists. */
    async recover(input: { email: unknown; redirectTo?: string; ip: string }) {
      const email = parseEmail(input.email);
      if (!(await limiter.hit(`recover:ip:${input.ip}`, limits.ip))) throw gotrue.rateLimited();
      // Known and unknown addresses take the same path: a token is made, one statement counts the
      // per-e-mail limit (a write either way), looks the account up and stores the token if there is
      // one, and the mail leaves after the answer.
      const redirectTo = safeRedirect(input.redirectTo, config);
      const token = newOpaqueToken();
      const { allowed, user } = await repo.issueRecoveryToken({
        emailNormalized: email,
        tokenHash: sha256(token),
        redirectTo,
        ttlS: LINK_TTL_S,
        hit: limiter.inStatement(`recover:email:${email}`, limits.email),
      });
      if (!allowed) throw gotrue.rateLimited();
      if (user)
        mailer.queue(recoveryMail(user.email, user.fullName, verifyLink('recovery', token, redirectTo)));
    },

    /**
     * A new confirmation link (GoTrue's POST /resend, type signup) for an account that is not confirmed yet.
     * Silent for any other address, so it never tells whether an e-mail has an account.
     */
    async resend(input: { email: unknown; type: unknown; redirectTo?: string; ip: string }) {
      if (input.type !== 'signup') throw gotrue.validation('Only type signup is supported');
      const email = parseEmail(input.email);
      if (!(await limiter.hit(`resend:ip:${input.ip}`, limits.ip))) throw gotrue.rateLimited();
      // The same path for every address, as for /recover: one statement, the mail after the answer.
      const redirectTo = safeRedirect(input.redirectTo, config);
      const token = newOpaqueToken();
      const { allowed, user } = await repo.issueConfirmationToken({
        emailNormalized: email,
        tokenHash: sha256(token),
        redirectTo,
        ttlS: LINK_TTL_S,
        hit: limiter.inStatement(`resend:email:${email}`, limits.email),
      });
      if (!allowed) throw gotrue.rateLimited();
      if (user)
        mailer.queue(confirmSignupMail(user.email, user.fullName, verifyLink('signup', token, redirectTo)));
    },

    /** Consumes a link token; returns the session and where to send the browser. */
    async verify(input: { token: unknown; type: unknown; redirectTo?: string }) {
      const kind: OneTimeKind | null =
        input.type === 'signup' || input.type === 'email'
          ? 'signup'
          : input.type === 'recovery'
            ? 'recovery'
            : null;
      const fallbackRedirect = safeRedirect(input.redirectTo, config);
      if (!kind || typeof input.token !== 'string' || !input.token) {
        return { error: gotrue.otpExpired(), redirectTo: fallbackRedirect, kind: 'signup' as const };
      }
      const consumed = await repo.consumeOneTimeToken(sha256(input.token), kind);
      if (!consumed) {
        const stored = await repo.findOneTimeTokenRedirect(sha256(input.token));
        return {
          error: gotrue.otpExpired(),
          redirectTo: stored ? safeRedirect(stored, config) : fallbackRedirect,
          kind,
        };
      }
      await repo.markConfirmed(consumed.userId);
      const user = await repo.findUserById(consumed.userId);
      if (!user) return { error: gotrue.otpExpired(), redirectTo: fallbackRedirect, kind };
      const session = await issueSession(user, kind === 'recovery' ? 'recovery' : 'otp');
      return { session, redirectTo: safeRedirect(consumed.redirectTo ?? input.redirectTo, config), kind };
    },

    /** Verifies an access token of this service and that its session is still active. */
    async authenticate(token: string | undefined): Promise<Authenticated> {
      if (!token) throw gotrue.noAuthorization();
      let claims: AccessClaims;
      try {
        claims = await tokens.verify(token);
      } catch {
        throw gotrue.badJwt();
      }
      const user = await activeSessionUser(claims.session_id, claims.sub);
      if (!user) throw gotrue.sessionNotFound();
      return { user, sessionId: claims.session_id, claims };
    },

    /**
     * PUT /user: password and/or data.full_name. A new password needs the current one, except in the
     * session a recovery link just opened (docs/decisions/032-password-change-needs-current-password.md),
     * and signs out the other sessions.
     */
    async updateUser(
      auth: Authenticated,
      input: { password?: unknown; currentPassword?: unknown; fullName?: unknown; email?: unknown },
    ) {
      if (typeof input.email === 'string' && input.email.trim().length > EMAIL_MAX_LENGTH)
        throw emailTooLong();
      if (input.email !== undefined && input.email !== null && input.email !== auth.user.email) {
        throw gotrue.validation('Changing the e-mail address is not supported');
      }
      const changes: { passwordHash?: string; fullName?: string } = {};
      if (input.fullName !== undefined) changes.fullName = parseFullName(input.fullName);
      if (input.password !== undefined && input.password !== null) {
        const password = checkPassword(input.password);
        await checkCurrentPassword(auth, input.currentPassword);
        if (auth.user.passwordHash && (await verify(auth.user.passwordHash, password).catch(() => false))) {
          throw gotrue.samePassword();
        }
        changes.passwordHash = await hash(password, ARGON2);
      }
      const updated = (await repo.updateUser(auth.user.id, changes)) ?? auth.user;
      if (changes.passwordHash) await repo.revokeSessions(auth.user.id, 'others', auth.sessionId);
      forgetSessions();
      return userJson(updated);
    },

    async logout(auth: Authenticated, scope: unknown) {
      const s = scope ?? 'global';
      if (s !== 'global' && s !== 'local' && s !== 'others')
        throw gotrue.validation('Unsupported logout scope');
      await repo.revokeSessions(auth.user.id, s, auth.sessionId);
      forgetSessions();
    },

    userJson,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
export { GoTrueError };
