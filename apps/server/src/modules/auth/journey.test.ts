import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAuthApiError, isAuthWeakPasswordError } from '@supabase/auth-js';
import { testDatabases } from '../../test/databases.ts';
import { openLink, startAuthServer, type Running } from './test-harness.ts';

// The real @supabase/auth-js client drives the server through a user's whole account life.
describe.each(testDatabases)('auth journey with GoTrueClient on $name', (t) => {
  let s: Running;
  beforeAll(async () => {
    s = await startAuthServer(t);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('signs up, confirms through the outbox, signs in, refreshes, updates, recovers and signs out', async () => {
    const email = 'Ada.Lovelace@Example.com';
    const lower = email.toLowerCase();
    const client = s.client();

    // Sign-up: a user without a session means confirmation is pending.
    const signUp = await client.signUp({
      email,
      password: 'first-pass',
      options: { data: { full_name: 'Ada Lovelace' }, emailRedirectTo: `${s.base}/auth/callback` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(lower);
    expect(signUp.data.user?.user_metadata.full_name).toBe('Ada Lovelace');
    expect(signUp.data.user?.email_confirmed_at).toBeNull();

    // Not confirmed yet.
    const early = await client.signInWithPassword({ email, password: 'first-pass' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    // Confirmation link from the outbox: 303 back to redirect_to with the session in the fragment.
    const [confirmLink] = await s.mailLinks(lower, 'Confirm');
    expect(confirmLink).toMatch(
      new RegExp(`^${s.base}/auth/v1/verify\\?token=[^&]+&type=signup&redirect_to=`),
    );
    const confirmed = await openLink(confirmLink!);
    expect(confirmed.status).toBe(303);
    expect(confirmed.location.startsWith(`${s.base}/auth/callback#access_token=`)).toBe(true);
    expect([...confirmed.fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'token_type',
      'type',
    ]);
    expect(confirmed.fragment.get('type')).toBe('signup');
    expect(confirmed.fragment.get('token_type')).toBe('bearer');
    const fromUrl = await client.setSession({
      access_token: confirmed.fragment.get('access_token')!,
      refresh_token: confirmed.fragment.get('refresh_token')!,
    });
    expect(fromUrl.error).toBeNull();
    expect(fromUrl.data.user?.email_confirmed_at).toBeTruthy();

    // The link is single use.
    const again = await openLink(confirmLink!);
    expect(again.fragment.get('error_code')).toBe('otp_expired');

    // Password sign-in.
    const signIn = await client.signInWithPassword({ email, password: 'first-pass' });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      sub: session.user.id,
      email: lower,
      role: 'authenticated',
      aud: 'authenticated',
    });
    expect(typeof claims.session_id).toBe('string');
    expect(claims.exp - claims.iat).toBe(3600);

    // Refresh: rotation gives new tokens that work.
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(session.refresh_token);
    const me = await client.getUser();
    expect(me.data.user?.id).toBe(session.user.id);

    // Profile: full name is validated and saved.
    const badName = await client.updateUser({ data: { full_name: '   ' } });
    expect(badName.error?.status).toBe(400);
    const renamed = await client.updateUser({ data: { full_name: '  Ada King  ' } });
    expect(renamed.error).toBeNull();
    expect(renamed.data.user?.user_metadata.full_name).toBe('Ada King');
    expect((await client.getUser()).data.user?.user_metadata.full_name).toBe('Ada King');

    // Password change: too short is weak_password; then the new one works and the old does not.
    const weak = await client.updateUser({ password: '12345' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    // The access token alone does not change the password (issue 22): the current one is required,
    // and a wrong one is refused; neither changes anything.
    const bare = await client.updateUser({ password: 'second-pass' });
    expect(bare.error).toMatchObject({ status: 400, code: 'current_password_required' });
    const wrong = await client.updateUser({ password: 'second-pass', current_password: 'not-it-1' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_mismatch' });
    expect((await s.client().signInWithPassword({ email, password: 'first-pass' })).error).toBeNull();
    expect(
      await client.updateUser({ password: 'second-pass', current_password: 'first-pass' }),
    ).toMatchObject({ error: null });
    const other = s.client();
    expect((await other.signInWithPassword({ email, password: 'first-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await other.signInWithPassword({ email, password: 'second-pass' })).error).toBeNull();

    // The /api guard accepts the current token.
    const current = (await client.getSession()).data.session!.access_token;
    const api = await fetch(`${s.base}/api/test-me`, { headers: { authorization: `Bearer ${current}` } });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ email: lower, fullName: 'Ada King' });

    // Sign out (global): the old access token is refused by /auth/v1/user and by /api.
    expect((await client.signOut()).error).toBeNull();
    expect((await client.getSession()).data.session).toBeNull();
    const user = await fetch(`${s.base}/auth/v1/user`, { headers: { authorization: `Bearer ${current}` } });
    expect(user.status).toBe(403);
    expect(user.headers.get('x-sb-error-code')).toBe('session_not_found');
    const apiAfter = await fetch(`${s.base}/api/test-me`, {
      headers: { authorization: `Bearer ${current}` },
    });
    expect(apiAfter.status).toBe(401);
    expect(await apiAfter.json()).toMatchObject({
      code: 'unauthorized',
      message: 'User must be authenticated',
    });
    // Global scope also ended the other client's session.
    const otherUser = await other.getUser();
    expect(otherUser.data.user).toBeNull();

    // Recovery: always 200, link lands on redirect_to with a recovery session, new password works.
    const reset = await client.resetPasswordForEmail(email, { redirectTo: `${s.base}/reset-password` });
    expect(reset.error).toBeNull();
    const [recoveryLink] = await s.mailLinks(lower, 'Reset');
    const recovered = await openLink(recoveryLink!);
    expect(recovered.status).toBe(303);
    expect(recovered.location.startsWith(`${s.base}/reset-password#access_token=`)).toBe(true);
    expect(recovered.fragment.get('type')).toBe('recovery');
    const rec = s.client();
    await rec.setSession({
      access_token: recovered.fragment.get('access_token')!,
      refresh_token: recovered.fragment.get('refresh_token')!,
    });
    expect((await rec.updateUser({ password: 'third-pass' })).error).toBeNull();
    const last = s.client();
    expect((await last.signInWithPassword({ email, password: 'second-pass' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await last.signInWithPassword({ email, password: 'third-pass' })).error).toBeNull();
  });

  it('logout scopes: local ends only this session, others ends every other one', async () => {
    const email = 'scopes@example.com';
    await s.client().signUp({ email, password: 'scope-pass' });
    await openLink((await s.mailLinks(email, 'Confirm'))[0]!);
    const [a, b, c] = [s.client(), s.client(), s.client()];
    for (const cl of [a, b, c])
      expect((await cl.signInWithPassword({ email, password: 'scope-pass' })).error).toBeNull();

    await a.signOut({ scope: 'local' });
    expect((await b.getUser()).data.user?.email).toBe(email);

    const tokenC = (await c.getSession()).data.session!.access_token;
    expect((await b.signOut({ scope: 'others' })).error).toBeNull();
    expect((await b.getUser()).data.user?.email).toBe(email);
    const res = await fetch(`${s.base}/api/test-me`, { headers: { authorization: `Bearer ${tokenC}` } });
    expect(res.status).toBe(401);
  });

  it('sends an AuthApiError with GoTrue codes to the client', async () => {
    const client = s.client();
    const { error } = await client.signInWithPassword({ email: 'nobody@example.com', password: 'whatever' });
    expect(isAuthApiError(error)).toBe(true);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
    const weak = await client.signUp({ email: 'weak@example.com', password: '123' });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error?.status).toBe(422);
    expect((weak.error as { reasons?: string[] }).reasons).toEqual(['length']);
  });
});
