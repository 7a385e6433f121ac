// The short session-check cache: a revocation made through this process takes effect at once; one
// made elsewhere (another web node) within AUTH_SESSION_CACHE_MS; with 0, on the very next call.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { startAuthServer, type Running } from './test-harness.ts';

const pglite = testDatabases[0]!;

async function signedIn(r: Running, email: string) {
  const res = await fetch(`${r.base}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'cache-test-password' }),
  });
  const body = (await res.json()) as { access_token: string };
  return { authorization: `Bearer ${body.access_token}` };
}

const me = (r: Running, headers: Record<string, string>) =>
  fetch(`${r.base}/api/test-me`, { headers }).then((x) => x.status);
const revokeElsewhere = (r: Running, email: string) =>
  r.db.query(
    `UPDATE auth_sessions SET revoked_at = now() WHERE user_id = (SELECT id FROM users WHERE email_normalized = $1)`,
    [email],
  );

describe('session check cache (AUTH_SESSION_CACHE_MS=1000)', () => {
  let r: Running;
  beforeAll(async () => {
    r = await startAuthServer(pglite, { AUTH_AUTOCONFIRM: 'true', AUTH_SESSION_CACHE_MS: '1000' });
  });
  afterAll(async () => r?.close());

  it('refuses a token at once after a logout through this process', async () => {
    const h = await signedIn(r, 'local@example.com');
    expect(await me(r, h)).toBe(200);
    const out = await fetch(`${r.base}/auth/v1/logout?scope=global`, { method: 'POST', headers: h });
    expect(out.status).toBe(204);
    expect(await me(r, h)).toBe(401);
  });

  it('refuses a token revoked by another process once the cache entry expires', async () => {
    const h = await signedIn(r, 'remote@example.com');
    expect(await me(r, h)).toBe(200);
    await revokeElsewhere(r, 'remote@example.com');
    await new Promise((res) => setTimeout(res, 1_100));
    expect(await me(r, h)).toBe(401);
  });
});

describe('session check cache disabled (AUTH_SESSION_CACHE_MS=0)', () => {
  let r: Running;
  beforeAll(async () => {
    r = await startAuthServer(pglite, { AUTH_AUTOCONFIRM: 'true', AUTH_SESSION_CACHE_MS: '0' });
  });
  afterAll(async () => r?.close());

  it('refuses a token revoked by another process on the next call', async () => {
    const h = await signedIn(r, 'strict@example.com');
    expect(await me(r, h)).toBe(200);
    await revokeElsewhere(r, 'strict@example.com');
    expect(await me(r, h)).toBe(401);
  });
});

describe.each(testDatabases)('session checks of one event-loop turn share a query on $name', (t) => {
  let r: Running;
  beforeAll(async () => {
    r = await startAuthServer(t, {
      AUTH_AUTOCONFIRM: 'true',
      AUTH_SESSION_CACHE_MS: '0',
      AUTH_RATE_LIMIT_PER_IP: '100',
    });
  });
  afterAll(async () => r?.close());

  it('checks 40 concurrent sessions in a few queries, and still refuses the revoked ones among them', async () => {
    const users = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signedIn(r, `batch-${t.name}-${i}@example.com`)),
    );
    for (let i = 0; i < 40; i += 4) await revokeElsewhere(r, `batch-${t.name}-${i}@example.com`);
    let sessionQueries = 0;
    const original = r.db.queryArrays.bind(r.db);
    r.db.queryArrays = (text, params) => {
      if (text.includes('auth_sessions')) sessionQueries++;
      return original(text, params);
    };
    // A correctly signed token whose session id is not even a UUID fails alone, not its whole batch.
    const payload = JSON.parse(
      Buffer.from(users[1]!.authorization.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    const malformed = await new SignJWT({ ...payload, session_id: 'not-a-uuid' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(r.config.JWT_SECRET));
    try {
      const statuses = await Promise.all([
        ...users.map((h) => me(r, h)),
        me(r, { authorization: `Bearer ${malformed}` }),
      ]);
      expect(statuses).toEqual([...users.map((_, i) => (i % 4 === 0 ? 401 : 200)), 401]);
    } finally {
      r.db.queryArrays = original;
    }
    // One query per event-loop turn that received requests, not one per request.
    expect(sessionQueries).toBeGreaterThan(0);
    expect(sessionQueries).toBeLessThanOrEqual(10);
  });
});
