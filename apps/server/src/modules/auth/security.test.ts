import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { API_HEADERS, openLink, post, startAuthServer, type Running } from './test-harness.ts';
import { safeRedirect } from './service.ts';

async function confirmedUser(s: Running, email: string, password: string) {
  expect((await s.client().signUp({ email, password })).error).toBeNull();
  const link = (await s.mailLinks(email, 'Confirm'))[0]!;
  expect((await openLink(link)).status).toBe(303);
}

describe.each(testDatabases)('auth security on $name', (t) => {
  let s: Running;
  beforeAll(async () => {
    s = await startAuthServer(t);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers a wrong password and an unknown e-mail identically, in both error shapes', async () => {
    await confirmedUser(s, 'known@example.com', 'right-pass');
    const url = `${s.base}/auth/v1/token?grant_type=password`;
    const wrong = await post(url, { email: 'known@example.com', password: 'wrong-pass' });
    const unknown = await post(url, { email: 'unknown@example.com', password: 'wrong-pass' });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(wrong.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const legacy = { 'content-type': 'application/json' };
    const wrongLegacy = await post(url, { email: 'known@example.com', password: 'wrong-pass' }, legacy);
    const unknownLegacy = await post(url, { email: 'unknown@example.com', password: 'wrong-pass' }, legacy);
    expect(wrongLegacy.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    expect(unknownLegacy.body).toEqual(wrongLegacy.body);
  });

  it('does not reveal an existing e-mail on sign-up, and tells its owner instead', async () => {
    await confirmedUser(s, 'taken@example.com', 'owner-pass');
    const signup = (email: string) =>
      post(`${s.base}/auth/v1/signup`, { email, password: 'attacker-pass', data: { full_name: 'Mallory' } });
    const existing = await signup('taken@example.com');
    const fresh = await signup('fresh@example.com');
    expect(existing.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(Object.keys(existing.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(existing.body.access_token).toBeUndefined();
    expect((existing.body.identities as unknown[]).length).toBe((fresh.body.identities as unknown[]).length);
    expect(existing.body.email_confirmed_at).toBeNull();
    // The owner's account and password are untouched; the owner is told by mail.
    const owner = await s.client().signInWithPassword({ email: 'taken@example.com', password: 'owner-pass' });
    expect(owner.error).toBeNull();
    expect(owner.data.user?.id).not.toBe(existing.body.id);
    const mails = await s.mailsTo('taken@example.com');
    expect(mails.map((m) => m.subject)).toContain('Someone tried to sign up with your e-mail address');
  });

  it('re-sends the link on a second sign-up of an unconfirmed address, keeping the first password', async () => {
    const email = 'twice@example.com';
    expect((await s.client().signUp({ email, password: 'first-pass' })).error).toBeNull();
    const first = (await s.mailLinks(email, 'Confirm'))[0]!;
    const again = await post(`${s.base}/auth/v1/signup`, { email, password: 'second-pass' });
    expect(again.status).toBe(200);
    expect(again.body.access_token).toBeUndefined();
    const mails = (await s.mailsTo(email)).filter((m) => m.subject.includes('Confirm'));
    expect(mails.length).toBe(2);
    const second = mails[1]!.links[0]!;
    expect(second).not.toBe(first);
    // The new link replaces the first one, and confirms the account with its first password.
    expect((await openLink(first)).fragment.get('error_code')).toBe('otp_expired');
    expect((await openLink(second)).fragment.get('access_token')).toBeTruthy();
    expect((await s.client().signInWithPassword({ email, password: 'first-pass' })).error).toBeNull();
    expect((await s.client().signInWithPassword({ email, password: 'second-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('rotates refresh tokens, tolerates a retry within the reuse interval, then revokes the session on reuse', async () => {
    await confirmedUser(s, 'rotate@example.com', 'rotate-pass');
    const tokenUrl = `${s.base}/auth/v1/token?grant_type`;
    const signIn = await post(`${tokenUrl}=password`, {
      email: 'rotate@example.com',
      password: 'rotate-pass',
    });
    const r0 = signIn.body.refresh_token as string;
    const first = await post(`${tokenUrl}=refresh_token`, { refresh_token: r0 });
    expect(first.status).toBe(200);
    const r1 = first.body.refresh_token as string;
    expect(r1).not.toBe(r0);

    // A client that lost the answer retries with r0 at once: it gets a working session.
    const retry = await post(`${tokenUrl}=refresh_token`, { refresh_token: r0 });
    expect(retry.status).toBe(200);
    const r2 = retry.body.refresh_token as string;
    const access2 = retry.body.access_token as string;
    expect(
      (await fetch(`${s.base}/api/test-me`, { headers: { authorization: `Bearer ${access2}` } })).status,
    ).toBe(200);

    // The first child stays valid too (a second tab may hold it): rotating it gives r1b.
    const second = await post(`${tokenUrl}=refresh_token`, { refresh_token: r1 });
    expect(second.status).toBe(200);
    const r1b = second.body.refresh_token as string;

    // Past the reuse interval, presenting a rotated token is theft: the whole session dies.
    await s.db.query(
      `UPDATE refresh_tokens SET revoked_at = now() - interval '1 hour' WHERE revoked_at IS NOT NULL`,
    );
    const reuse = await post(`${tokenUrl}=refresh_token`, { refresh_token: r0 });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('refresh_token_already_used');
    for (const rt of [r1, r2, r1b]) {
      const dead = await post(`${tokenUrl}=refresh_token`, { refresh_token: rt });
      expect(dead.status).toBe(400);
      expect(['session_not_found', 'refresh_token_already_used']).toContain(dead.body.code);
    }
    expect(
      (await fetch(`${s.base}/api/test-me`, { headers: { authorization: `Bearer ${access2}` } })).status,
    ).toBe(401);
    const user = await fetch(`${s.base}/auth/v1/user`, {
      headers: { authorization: `Bearer ${access2}`, ...API_HEADERS },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ code: 'session_not_found' });

    // The client sees a failed refresh and drops the session.
    const client = s.client();
    await client.signInWithPassword({ email: 'rotate@example.com', password: 'rotate-pass' });
    const stale = (await client.getSession()).data.session!.refresh_token;
    await post(`${tokenUrl}=refresh_token`, { refresh_token: stale });
    await s.db.query(
      `UPDATE refresh_tokens SET revoked_at = now() - interval '1 hour' WHERE revoked_at IS NOT NULL`,
    );
    const refreshed = await client.refreshSession();
    expect(refreshed.error?.code).toBe('refresh_token_already_used');
    expect(refreshed.data.session).toBeNull();
  });

  it('refuses an unknown refresh token and a forged access token', async () => {
    const unknown = await post(`${s.base}/auth/v1/token?grant_type=refresh_token`, {
      refresh_token: 'not-a-token',
    });
    expect(unknown).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found' } });
    const forged = await fetch(`${s.base}/api/test-me`, { headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(401);
    const none = await fetch(`${s.base}/api/test-me`);
    expect(none.status).toBe(401);
    const userNone = await fetch(`${s.base}/auth/v1/user`, { headers: API_HEADERS });
    expect(userNone.status).toBe(401);
  });

  it('sends an expired or used link back with otp_expired in the fragment', async () => {
    const email = 'late@example.com';
    await s
      .client()
      .signUp({ email, password: 'late-pass', options: { emailRedirectTo: `${s.base}/auth/callback` } });
    const link = (await s.mailLinks(email, 'Confirm'))[0]!;
    await s.db.query(`UPDATE one_time_tokens SET expires_at = now() - interval '1 second'`);
    const expired = await openLink(link);
    expect(expired.status).toBe(303);
    expect(
      expired.location.startsWith(`${s.base}/auth/callback#error=access_denied&error_code=otp_expired`),
    ).toBe(true);
    expect(expired.fragment.get('error_description')).toBe('Email link is invalid or has expired');
    expect(expired.fragment.get('access_token')).toBeNull();
    // Still unconfirmed.
    const signIn = await s.client().signInWithPassword({ email, password: 'late-pass' });
    expect(signIn.error?.code).toBe('email_not_confirmed');
  });

  it('resends a confirmation link for an unconfirmed account only, and answers the same for any address', async () => {
    const email = 'resend@example.com';
    await s
      .client()
      .signUp({ email, password: 'resend-pass', options: { emailRedirectTo: `${s.base}/auth/callback` } });
    const before = (await s.mailsTo(email)).length;
    const resent = await s
      .client()
      .resend({ type: 'signup', email, options: { emailRedirectTo: `${s.base}/auth/callback` } });
    expect(resent.error).toBeNull();
    expect((await s.mailsTo(email)).length).toBe(before + 1);
    const opened = await openLink((await s.mailLinks(email, 'Confirm'))[0]!);
    expect(opened.location.startsWith(`${s.base}/auth/callback#`)).toBe(true);
    expect(opened.fragment.get('access_token')).toBeTruthy();
    // Confirmed now, and an unknown address: the same empty answer, and no mail.
    expect((await s.client().resend({ type: 'signup', email })).error).toBeNull();
    expect((await s.mailsTo(email)).length).toBe(before + 1);
    expect((await s.client().resend({ type: 'signup', email: 'nobody-here@example.com' })).error).toBeNull();
    expect(await s.mailsTo('nobody-here@example.com')).toEqual([]);
  });

  it('ignores a redirect_to on a foreign host', async () => {
    const email = 'redirect@example.com';
    await s.client().signUp({
      email,
      password: 'redirect-pass',
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });
    const link = (await s.mailLinks(email, 'Confirm'))[0]!;
    const opened = await openLink(
      link.replace(/redirect_to=[^&]*/, `redirect_to=${encodeURIComponent('https://evil.example/x')}`),
    );
    expect(opened.status, opened.location).toBe(303);
    expect(opened.location, opened.location).toMatch(new RegExp(`^${s.base}/?#access_token=`));
    expect(opened.location).not.toContain('evil.example');
    await s.client().resetPasswordForEmail(email, { redirectTo: '//evil.example/reset' });
    const recovery = await openLink((await s.mailLinks(email, 'Reset'))[0]!);
    expect(recovery.location).toMatch(new RegExp(`^${s.base}/?#access_token=`));
  });

  it('answers recover with 200 {} whether or not the account exists', async () => {
    const known = await post(`${s.base}/auth/v1/recover`, { email: 'known@example.com' });
    const unknown = await post(`${s.base}/auth/v1/recover`, { email: 'nobody-here@example.com' });
    expect(known).toMatchObject({ status: 200, body: {} });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await s.mailsTo('nobody-here@example.com')).toEqual([]);
  });

  it('serves settings and health', async () => {
    const settings = await (await fetch(`${s.base}/auth/v1/settings`)).json();
    expect(settings).toMatchObject({
      external: { email: true },
      mailer_autoconfirm: false,
      disable_signup: false,
    });
    expect((await fetch(`${s.base}/auth/v1/health`)).status).toBe(200);
  });
});

describe.each(testDatabases)('auth rate limits on $name', (t) => {
  let s: Running;
  beforeAll(async () => {
    s = await startAuthServer(t, { AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '6' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('limits failed logins per e-mail and requests per IP with 429 over_request_rate_limit', async () => {
    await confirmedUser(s, 'limited@example.com', 'limited-pass');
    const url = `${s.base}/auth/v1/token?grant_type=password`;
    for (let i = 0; i < 3; i++) {
      const h = { ...API_HEADERS, 'x-forwarded-for': `10.0.1.${i}` };
      expect((await post(url, { email: 'limited@example.com', password: 'nope' }, h)).status).toBe(400);
    }
    // Even the right password is refused now from this IP (TRUST_PROXY is off: the header is ignored).
    const blocked = await post(
      url,
      { email: 'limited@example.com', password: 'limited-pass' },
      { ...API_HEADERS, 'x-forwarded-for': '10.0.1.9' },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    const client = s.client();
    const viaClient = await client.signInWithPassword({
      email: 'limited@example.com',
      password: 'limited-pass',
    });
    expect(viaClient.error?.status).toBe(429);
    expect(viaClient.error?.code).toBe('over_request_rate_limit');

    // Per IP: the seventh recover from one address is refused, whatever the e-mail.
    const ipHeaders = { ...API_HEADERS, 'x-forwarded-for': '10.0.2.1' };
    for (let i = 0; i < 6; i++) {
      expect(
        (await post(`${s.base}/auth/v1/recover`, { email: `user${i}@example.com` }, ipHeaders)).status,
      ).toBe(200);
    }
    const seventh = await post(`${s.base}/auth/v1/recover`, { email: 'user9@example.com' }, ipHeaders);
    expect(seventh).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
    // Signup per e-mail.
    const signupHeaders = (i: number) => ({ ...API_HEADERS, 'x-forwarded-for': `10.0.3.${i}` });
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await post(
            `${s.base}/auth/v1/signup`,
            { email: 'spam@example.com', password: 'spam-pass' },
            signupHeaders(i),
          )
        ).status,
      ).toBe(200);
    }
    expect(
      (
        await post(
          `${s.base}/auth/v1/signup`,
          { email: 'spam@example.com', password: 'spam-pass' },
          signupHeaders(5),
        )
      ).status,
    ).toBe(429);
  });
});

describe('safeRedirect', () => {
  const config = { siteUrl: 'https://atr.example', CORS_ORIGINS: 'https://app.atr.example' };
  it.each([
    ['/auth/callback', 'https://atr.example/auth/callback'],
    ['https://atr.example/reset-password?x=1#frag', 'https://atr.example/reset-password?x=1'],
    ['https://app.atr.example/auth/callback', 'https://app.atr.example/auth/callback'],
    ['https://evil.example/auth/callback', 'https://atr.example'],
    ['//evil.example/x', 'https://atr.example'],
    ['/\\evil.example', 'https://atr.example'],
    ['javascript:alert(1)', 'https://atr.example'],
    ['https://atr.example.evil.example/', 'https://atr.example'],
    [undefined, 'https://atr.example'],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirect(input, config)).toBe(expected);
  });
});

describe.each(testDatabases)('auth with AUTH_AUTOCONFIRM on $name', (t) => {
  let s: Running;
  beforeAll(async () => {
    s = await startAuthServer(t, { AUTH_AUTOCONFIRM: 'true' });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('returns a session at sign-up, sends no confirmation mail, and verifies POST /verify tokens', async () => {
    const client = s.client();
    const { data, error } = await client.signUp({
      email: 'auto@example.com',
      password: 'auto-pass',
      options: { data: { full_name: 'Auto' } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(await s.mailsTo('auto@example.com')).toEqual([]);
    expect((await client.getUser()).data.user?.user_metadata.full_name).toBe('Auto');
    const again = await s.client().signUp({ email: 'auto@example.com', password: 'auto-pass' });
    expect(again.error?.code).toBe('user_already_exists');

    // POST /verify with the token of a recovery link returns the session as JSON.
    await client.resetPasswordForEmail('auto@example.com', { redirectTo: '/reset-password' });
    const link = new URL((await s.mailLinks('auto@example.com', 'Reset'))[0]!);
    const verified = await post(`${s.base}/auth/v1/verify`, {
      type: 'recovery',
      token_hash: link.searchParams.get('token'),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ token_type: 'bearer', user: { email: 'auto@example.com' } });
    const reused = await post(`${s.base}/auth/v1/verify`, {
      type: 'recovery',
      token_hash: link.searchParams.get('token'),
    });
    expect(reused).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
  });
});
