// SQL of the auth service: users, sessions, rotating refresh tokens and one-time link tokens. Every
// state change that must not race (rotation, single-use links) is one atomic statement.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { countHitSql, type StatementHit } from '../../plugins/rate-limit.ts';
import { authSessions, users } from './schema.ts';

export interface User {
  id: string;
  email: string;
  passwordHash: string | null;
  fullName: string;
  provider: string;
  emailConfirmedAt: Date | null;
  confirmationSentAt: Date | null;
  recoverySentAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type OneTimeKind = 'signup' | 'recovery';

const userColumns = (
  p = '',
) => `${p}id, ${p}email, ${p}password_hash AS "passwordHash", ${p}full_name AS "fullName",
  ${p}provider, ${p}email_confirmed_at AS "emailConfirmedAt", ${p}confirmation_sent_at AS "confirmationSentAt",
  ${p}recovery_sent_at AS "recoverySentAt", ${p}last_sign_in_at AS "lastSignInAt",
  ${p}created_at AS "createdAt", ${p}updated_at AS "updatedAt"`;
const USER_COLUMNS = userColumns();

/** Both drivers return timestamptz as Date; this keeps the type honest if one ever returns a string. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function normalizeUser(row: Record<string, unknown>): User {
  const d = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
  return {
    ...(row as unknown as User),
    emailConfirmedAt: d(row.emailConfirmedAt),
    confirmationSentAt: d(row.confirmationSentAt),
    recoverySentAt: d(row.recoverySentAt),
    lastSignInAt: d(row.lastSignInAt),
    createdAt: d(row.createdAt)!,
    updatedAt: d(row.updatedAt)!,
  };
}

/** What a link request carries: the address, the new token's hash, where it leads, its life and the limit hit. */
interface LinkRequest {
  emailNormalized: string;
  tokenHash: string;
  redirectTo: string;
  ttlS: number;
  hit: StatementHit;
}

/** Who may receive each kind of link, and the column that records when one was last sent. */
const LINKS = {
  recovery: { who: 'password_hash IS NOT NULL', sentAt: 'recovery_sent_at' },
  signup: { who: 'email_confirmed_at IS NULL', sentAt: 'confirmation_sent_at' },
} as const;

export function createAuthRepository(db: Database) {
  const one = async (text: string, params: unknown[]) => {
    const rows = await db.query<Record<string, unknown>>(text, params);
    return rows[0] ? normalizeUser(rows[0]) : null;
  };

  // The plain lookups read through Drizzle's builder; the race-sensitive statements stay in SQL below.
  const userFields = {
    id: users.id,
    email: users.email,
    passwordHash: users.passwordHash,
    fullName: users.fullName,
    provider: users.provider,
    emailConfirmedAt: users.emailConfirmedAt,
    confirmationSentAt: users.confirmationSentAt,
    recoverySentAt: users.recoverySentAt,
    lastSignInAt: users.lastSignInAt,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  };
  const first = (rows: Record<string, unknown>[]) => (rows[0] ? normalizeUser(rows[0]) : null);

  /**
   * Counts the per-e-mail rate-limit hit and, within the limit, replaces the unused link of this kind
   * of the account registered under the address (when it may have one) by a new one. One statement
   * that writes (and commits) whether or not there is such an account, so a request for an unknown
   * address costs the same time as one for a known address.
   */
  async function issueLink(
    kind: keyof typeof LINKS,
    t: LinkRequest,
  ): Promise<{ allowed: boolean; user: User | null }> {
    const { who, sentAt } = LINKS[kind];
    const rows = await db.query<Record<string, unknown>>(
      `WITH hit AS (${countHitSql('$5', '$6')}),
       allowed AS (SELECT count <= $7 AS ok FROM hit),
       u AS (SELECT id FROM users WHERE email_normalized = $1 AND ${who} AND (SELECT ok FROM allowed)),
       superseded AS (DELETE FROM one_time_tokens
                      WHERE user_id IN (SELECT id FROM u) AND kind = $8::text AND used_at IS NULL),
       added AS (INSERT INTO one_time_tokens (user_id, kind, token_hash, redirect_to, expires_at)
                 SELECT id, $8::text, $2, $3, now() + make_interval(secs => $4) FROM u),
       marked AS (UPDATE users SET ${sentAt} = now() WHERE id IN (SELECT id FROM u)
                  RETURNING ${USER_COLUMNS})
       SELECT (SELECT ok FROM allowed) AS allowed, marked.* FROM (SELECT 1) AS always
       LEFT JOIN marked ON true`,
      [t.emailNormalized, t.tokenHash, t.redirectTo, t.ttlS, t.hit.keyHash, t.hit.windowS, t.hit.limit, kind],
    );
    const { allowed, ...user } = rows[0] ?? {};
    return { allowed: Boolean(allowed), user: user.id == null ? null : normalizeUser(user) };
  }

  return {
    async findUserByEmail(emailNormalized: string) {
      return first(
        await db.orm
          .select(userFields)
          .from(users)
          .where(eq(users.emailNormalized, emailNormalized))
          .limit(1),
      );
    },

    async findUserById(id: string) {
      return first(await db.orm.select(userFields).from(users).where(eq(users.id, id)).limit(1));
    },

    /** Inserts a user; returns null when the e-mail is already registered (the caller hides that). */
    insertUser(u: { email: string; passwordHash: string; fullName: string; confirmed: boolean }) {
      return one(
        `INSERT INTO users (email, email_normalized, password_hash, full_name, email_confirmed_at)
         VALUES ($1, $1, $2, $3, CASE WHEN $4::boolean THEN now() END)
         ON CONFLICT (email_normalized) DO NOTHING
         RETURNING ${USER_COLUMNS}`,
        [u.email, u.passwordHash, u.fullName, u.confirmed],
      );
    },

    /**
     * Sign-up with e-mail confirmation, in one statement whether or not the address is taken, so both
     * answer in the same time: counts the per-e-mail rate-limit hit (a write, and so a commit, on every
     * path) and, within the limit, inserts the user unless the address is registered and stores the
     * confirmation link token for a new or a still unconfirmed account (replacing an unused one).
     * `user` is null over the limit, and in the rare race where another sign-up of the same address
     * committed after this statement's snapshot.
     */
    async signUpWithLink(u: {
      email: string;
      passwordHash: string;
      fullName: string;
      tokenHash: string;
      redirectTo: string;
      ttlS: number;
      hit: StatementHit;
    }): Promise<{ allowed: boolean; user: User | null; created: boolean; linkIssued: boolean }> {
      const rows = await db.query<Record<string, unknown>>(
        `WITH hit AS (${countHitSql('$7', '$8')}),
         allowed AS (SELECT count <= $9 AS ok FROM hit),
         ins AS (
           INSERT INTO users (email, email_normalized, password_hash, full_name, confirmation_sent_at)
           SELECT $1, $1, $2, $3, now() WHERE (SELECT ok FROM allowed)
           ON CONFLICT (email_normalized) DO NOTHING
           RETURNING ${USER_COLUMNS}),
         u AS (
           SELECT ins.*, true AS created FROM ins
           UNION ALL
           SELECT ${USER_COLUMNS}, false FROM users WHERE email_normalized = $1 AND (SELECT ok FROM allowed)),
         unconfirmed AS (SELECT id FROM u WHERE "emailConfirmedAt" IS NULL),
         superseded AS (DELETE FROM one_time_tokens
                        WHERE user_id IN (SELECT id FROM unconfirmed) AND kind = 'signup' AND used_at IS NULL),
         added AS (INSERT INTO one_time_tokens (user_id, kind, token_hash, redirect_to, expires_at)
                   SELECT id, 'signup', $4, $5, now() + make_interval(secs => $6) FROM unconfirmed
                   RETURNING user_id),
         marked AS (UPDATE users SET confirmation_sent_at = now()
                    WHERE id IN (SELECT id FROM unconfirmed) AND NOT EXISTS (SELECT 1 FROM ins))
         SELECT (SELECT ok FROM allowed) AS allowed, one.* FROM (SELECT 1) AS always
         LEFT JOIN (SELECT u.*, EXISTS (SELECT 1 FROM added) AS "linkIssued" FROM u LIMIT 1) AS one ON true`,
        [
          u.email,
          u.passwordHash,
          u.fullName,
          u.tokenHash,
          u.redirectTo,
          u.ttlS,
          u.hit.keyHash,
          u.hit.windowS,
          u.hit.limit,
        ],
      );
      const { allowed, created, linkIssued, ...user } = rows[0] ?? {};
      return {
        allowed: Boolean(allowed),
        user: user.id == null ? null : normalizeUser(user),
        created: Boolean(created),
        linkIssued: Boolean(linkIssued),
      };
    },

    /** Keeps a local row for a user of a hosted Supabase project, so other tables can reference it. */
    async upsertExternalUser(u: { id: string; email: string; fullName: string }) {
      const rows = await db.query<Record<string, unknown>>(
        `INSERT INTO users (id, email, email_normalized, password_hash, full_name, provider, email_confirmed_at)
         VALUES ($1, $2, $2, NULL, $3, 'supabase', now())
         ON CONFLICT DO NOTHING
         RETURNING ${USER_COLUMNS}`,
        [u.id, u.email, u.fullName],
      );
      if (rows[0]) return normalizeUser(rows[0]);
      return one(
        `UPDATE users SET full_name = CASE WHEN $2 = '' THEN full_name ELSE $2 END, updated_at = now()
         WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [u.id, u.fullName],
      );
    },

    markConfirmed(userId: string) {
      return db.query(
        `UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, now()), updated_at = now() WHERE id = $1`,
        [userId],
      );
    },

    touchSignIn(userId: string) {
      return db.query(`UPDATE users SET last_sign_in_at = now() WHERE id = $1`, [userId]);
    },

    /**
     * Updates the profile and/or the password. A new password also deletes every unused link token of
     * the user in the same statement: a reset or confirmation link mailed before the change (perhaps
     * to someone who should not have it) must not outlive it.
     */
    updateUser(userId: string, changes: { passwordHash?: string; fullName?: string }) {
      return one(
        `WITH revoked_links AS (DELETE FROM one_time_tokens
                                WHERE user_id = $1 AND used_at IS NULL AND $2::text IS NOT NULL)
         UPDATE users SET password_hash = COALESCE($2, password_hash), full_name = COALESCE($3, full_name),
           updated_at = now()
         WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [userId, changes.passwordHash ?? null, changes.fullName ?? null],
      );
    },

    // Sessions

    async createSession(userId: string, refreshTokenHash: string): Promise<string> {
      const rows = await db.query<{ id: string }>(
        `WITH s AS (INSERT INTO auth_sessions (user_id) VALUES ($1) RETURNING id, user_id)
         INSERT INTO refresh_tokens (token_hash, session_id, user_id) SELECT $2, id, user_id FROM s
         RETURNING session_id AS id`,
        [userId, refreshTokenHash],
      );
      return rows[0]!.id;
    },

    /** The user of an active session, or null when the session is revoked or unknown. */
    async findActiveSessionUser(sessionId: string, userId: string) {
      return first(
        await db.orm
          .select(userFields)
          .from(authSessions)
          .innerJoin(users, eq(users.id, authSessions.userId))
          .where(
            and(
              eq(authSessions.id, sessionId),
              eq(authSessions.userId, userId),
              isNull(authSessions.revokedAt),
            ),
          )
          .limit(1),
      );
    },

    /** The users of those of `sessionIds` that are still active, by session id (one query for a batch). */
    async findActiveSessionUsers(sessionIds: readonly string[]) {
      // One malformed id must not fail the whole batch (the column is a uuid).
      const ids = sessionIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return new Map<string, User>();
      const rows = await db.orm
        .select({ ...userFields, sessionId: authSessions.id })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(and(inArray(authSessions.id, ids), isNull(authSessions.revokedAt)));
      return new Map(rows.map(({ sessionId, ...user }) => [sessionId, normalizeUser(user)!]));
    },

    async revokeSessions(userId: string, scope: 'global' | 'local' | 'others', sessionId: string) {
      const where =
        scope === 'global'
          ? 'user_id = $1'
          : scope === 'local'
            ? 'user_id = $1 AND id = $2'
            : 'user_id = $1 AND id <> $2';
      const params = scope === 'global' ? [userId] : [userId, sessionId];
      await db.query(
        `WITH s AS (UPDATE auth_sessions SET revoked_at = now(), updated_at = now()
                    WHERE ${where} AND revoked_at IS NULL RETURNING id)
         UPDATE refresh_tokens SET revoked_at = COALESCE(revoked_at, now()) WHERE session_id IN (SELECT id FROM s)`,
        params,
      );
    },

    // Refresh tokens

    async findRefreshToken(tokenHash: string, reuseIntervalS: number) {
      const rows = await db.query<{
        id: string;
        sessionId: string;
        userId: string;
        revoked: boolean;
        withinReuse: boolean;
        sessionRevoked: boolean;
      }>(
        `SELECT t.id, t.session_id AS "sessionId", t.user_id AS "userId", t.revoked_at IS NOT NULL AS revoked,
                (t.revoked_at IS NOT NULL AND t.revoked_at > now() - make_interval(secs => $2)) AS "withinReuse",
                s.revoked_at IS NOT NULL AS "sessionRevoked"
         FROM refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id
         WHERE t.token_hash = $1`,
        [tokenHash, reuseIntervalS],
      );
      return rows[0] ?? null;
    },

    /** Revokes `id` and issues its child in one statement; false if `id` was already revoked (a race). */
    async rotateRefreshToken(id: string, childHash: string): Promise<boolean> {
      const rows = await db.query(
        `WITH old AS (UPDATE refresh_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL
                      RETURNING id, session_id, user_id)
         INSERT INTO refresh_tokens (token_hash, session_id, user_id, parent_id)
         SELECT $2, session_id, user_id, id FROM old RETURNING id`,
        [id, childHash],
      );
      await db.query(
        `UPDATE auth_sessions SET updated_at = now() WHERE id = (SELECT session_id FROM refresh_tokens WHERE id = $1)`,
        [id],
      );
      return rows.length > 0;
    },

    /**
     * Within the reuse interval a client that lost the rotated answer (or a second tab) gets another
     * child of the token it presented; the session's active token stays valid, as in GoTrue (which
     * hands the active token back; we keep only hashes, so we issue a sibling instead).
     */
    async issueSibling(parentId: string, childHash: string): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO refresh_tokens (token_hash, session_id, user_id, parent_id)
         SELECT $2, session_id, user_id, id FROM refresh_tokens WHERE id = $1 RETURNING id`,
        [parentId, childHash],
      );
      return rows.length > 0;
    },

    // One-time link tokens

    /** A reset link, for an account that has a password (the same statement for any address, see issueLink). */
    issueRecoveryToken(t: LinkRequest): Promise<{ allowed: boolean; user: User | null }> {
      return issueLink('recovery', t);
    },

    /** A new confirmation link, for an account not confirmed yet. */
    issueConfirmationToken(t: LinkRequest): Promise<{ allowed: boolean; user: User | null }> {
      return issueLink('signup', t);
    },

    /** Marks the token used and returns it, only if it exists, is unused and has not expired. */
    async consumeOneTimeToken(tokenHash: string, kind: OneTimeKind) {
      const rows = await db.query<{ userId: string; redirectTo: string | null }>(
        `UPDATE one_time_tokens SET used_at = now()
         WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
         RETURNING user_id AS "userId", redirect_to AS "redirectTo"`,
        [tokenHash, kind],
      );
      return rows[0] ?? null;
    },

    findOneTimeTokenRedirect(tokenHash: string) {
      return db
        .query<{ redirectTo: string | null }>(
          `SELECT redirect_to AS "redirectTo" FROM one_time_tokens WHERE token_hash = $1`,
          [tokenHash],
        )
        .then((r) => r[0]?.redirectTo ?? null);
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
