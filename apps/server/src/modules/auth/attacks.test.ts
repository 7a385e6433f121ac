// Regression tests for attacks on the auth service: each describe names the attack it replays
// against the whole app on a real port (PGlite and PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { API_HEADERS, openLink, post, startAuthServer, type Running } from './test-harness.ts';

async function confirmedUser(s: Running, email: string, password: string) {
  expect((await s.client().signUp({ email, password })).error).toBeNull();
  const link = (await s.mailLinks(email, 'Confirm'))[0]!;
  expect((await openLink(link)).status).toBe(303);
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Times `rounds` pairs of requests for a known and an unknown address (after a warm-up), alternating
 * which goes first. Returns the median of each and the median of the paired differences (known minus
 * unknown), which cancels the drift of a machine shared with other work.
 */
async function timeAlternating(
  rounds: number,
  known: (i: number) => Promise<{ status: number }>,
  unknown: (i: number) => Promise<{ status: number }>,
) {
  const timed = async (f: () => Promise<{ status: number }>) => {
    const started = performance.now();
    const res = await f();
    const ms = performance.now() - started;
    expect(res.status).toBeLessThan(500);
    return ms;
  };
  for (let i = 0; i < 3; i++) {
    await timed(() => known(-1 - i));
    await timed(() => unknown(-1 - i));
  }
  const timesKnown: number[] = [];
  const timesUnknown: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      timesKnown.push(await timed(() => known(i)));
      timesUnknown.push(await timed(() => unknown(i)));
    } else {
      timesUnknown.push(await timed(() => unknown(i)));
      timesKnown.push(await timed(() => known(i)));
    }
  }
  return {
    known: median(timesKnown),
    unknown: median(timesUnknown),
    difference: median(timesKnown.map((k, i) => k - timesUnknown[i]!)),
  };
}

/** Known and unknown differ by less than 25 % of the unknown's median, or 2 ms, whichever is larger. */
const indistinguishable = (m: { unknown: number; difference: number }) =>
  Math.abs(m.difference) < Math.max(2, 0.25 * m.unknown);

/**
 * Measures up to three times and passes on the first measurement that cannot tell the two apart: a
 * burst of other work on the machine can skew one measurement, while a real leak (a password hash
 * skipped for unknown addresses, a mail sent inline) shows in every one of them.
 */
async function expectIndistinguishable(measure: () => ReturnType<typeof timeAlternating>) {
  const seen: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const m = await measure();
    if (indistinguishable(m)) return;
    seen.push(
      `median known ${m.known.toFixed(2)} ms, unknown ${m.unknown.toFixed(2)} ms, paired difference ${m.difference.toFixed(2)} ms`,
    );
  }
  expect.fail(`told apart in all three measurements: ${seen.join('; ')}`);
}

describe.each(testDatabases)('attack: telling registered addresses by response time, on $name', (t) => {
  let s: Running;
  const ROUNDS = 30;
  beforeAll(async () => {
    s = await startAuthServer(t, { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' });
    await confirmedUser(s, 'registered@example.com', 'registered-pass');
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  // Timing is measured on a machine shared with other tests: every request is timed in pairs.
  it('POST /recover answers as fast for a registered address as for an unknown one', async () => {
    let measured = 0;
    await expectIndistinguishable(() => {
      measured++;
      return timeAlternating(
        ROUNDS,
        () => post(`${s.base}/auth/v1/recover`, { email: 'registered@example.com' }),
        (i) => post(`${s.base}/auth/v1/recover`, { email: `nobody-${i}@example.com` }),
      );
    });
    // The registered address really did get its mails, one per request.
    const mails = await s.mailsTo('registered@example.com');
    expect(mails.filter((x) => /Reset/.test(x.subject)).length).toBe(measured * (ROUNDS + 3));
  }, 180_000);

  it('POST /token (password grant) answers as fast for a registered address as for an unknown one', async () => {
    const url = `${s.base}/auth/v1/token?grant_type=password`;
    await expectIndistinguishable(() =>
      timeAlternating(
        ROUNDS,
        () => post(url, { email: 'registered@example.com', password: 'wrong-pass' }),
        (i) => post(url, { email: `nobody-${i}@example.com`, password: 'wrong-pass' }),
      ),
    );
  }, 180_000);

  it('POST /signup answers as fast for a registered address as for a new one', async () => {
    const url = `${s.base}/auth/v1/signup`;
    let round = 0;
    await expectIndistinguishable(() => {
      const prefix = `new-${round++}`;
      return timeAlternating(
        ROUNDS,
        () => post(url, { email: 'registered@example.com', password: 'other-pass' }),
        (i) => post(url, { email: `${prefix}-${i}@example.com`, password: 'other-pass' }),
      );
    });
  }, 180_000);
});

describe.each(testDatabases)('attack: a reset link that outlives a password change, on $name', (t) => {
  let s: Running;
  beforeAll(async () => {
    s = await startAuthServer(t);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('refuses a recovery link issued before the password was changed through PUT /user', async () => {
    const email = 'changed@example.com';
    await confirmedUser(s, email, 'first-pass');
    const client = s.client();
    expect((await client.resetPasswordForEmail(email)).error).toBeNull();
    const stolen = (await s.mailLinks(email, 'Reset'))[0]!;

    // The owner, signed in, changes the password.
    expect((await client.signInWithPassword({ email, password: 'first-pass' })).error).toBeNull();
    expect(
      (await client.updateUser({ password: 'second-pass', current_password: 'first-pass' })).error,
    ).toBeNull();

    const opened = await openLink(stolen);
    expect(opened.status).toBe(303);
    expect(opened.fragment.get('error_code')).toBe('otp_expired');
    expect(opened.fragment.get('access_token')).toBeNull();
    const token = new URL(stolen).searchParams.get('token');
    const posted = await post(`${s.base}/auth/v1/verify`, { type: 'recovery', token_hash: token });
    expect(posted).toMatchObject({ status: 403, body: { code: 'otp_expired' } });
  });

  it('refuses the first recovery link after a password reset through a second one', async () => {
    const email = 'reset-twice@example.com';
    await confirmedUser(s, email, 'first-pass');
    expect((await s.client().resetPasswordForEmail(email)).error).toBeNull();
    const first = (await s.mailLinks(email, 'Reset'))[0]!;
    expect((await s.client().resetPasswordForEmail(email)).error).toBeNull();
    const second = (await s.mailLinks(email, 'Reset'))[0]!;
    expect(second).not.toBe(first);

    const recovered = await openLink(second);
    const access = recovered.fragment.get('access_token')!;
    expect(access).toBeTruthy();
    const put = await fetch(`${s.base}/auth/v1/user`, {
      method: 'PUT',
      headers: { ...API_HEADERS, authorization: `Bearer ${access}` },
      body: JSON.stringify({ password: 'new-pass' }),
    });
    expect(put.status).toBe(200);
    expect((await openLink(first)).fragment.get('error_code')).toBe('otp_expired');
    expect((await s.client().signInWithPassword({ email, password: 'new-pass' })).error).toBeNull();
  });
});

describe.each(testDatabases)('attack: oversized e-mail addresses and bodies, on $name', (t) => {
  let s: Running;
  const huge = `${'a'.repeat(850 * 1024)}@example.com`;
  const tenK = `${'b'.repeat(10 * 1024)}@example.com`;
  const tooLong = { code: 'validation_failed', message: 'Email address must be at most 254 characters' };
  beforeAll(async () => {
    s = await startAuthServer(t);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('answers 400 to an 850 KB or 10 KB e-mail on sign-up, sign-in and recovery, and stores nothing', async () => {
    for (const email of [huge, tenK]) {
      const signup = await post(`${s.base}/auth/v1/signup`, { email, password: 'long-pass' });
      expect(signup).toMatchObject({ status: 400, body: tooLong });
      const signIn = await post(`${s.base}/auth/v1/token?grant_type=password`, {
        email,
        password: 'long-pass',
      });
      expect(signIn).toMatchObject({ status: 400, body: tooLong });
      const recover = await post(`${s.base}/auth/v1/recover`, { email });
      expect(recover).toMatchObject({ status: 400, body: tooLong });
    }
    // The client sees the message too.
    const viaClient = await s.client().signUp({ email: tenK, password: 'long-pass' });
    expect(viaClient.error?.status).toBe(400);
    expect(viaClient.error?.message).toBe(tooLong.message);
    const stored = await s.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE length(email) > 254`,
    );
    expect(stored[0]!.n).toBe(0);
    // 254 characters is still an address.
    const longest = `${'c'.repeat(254 - '@example.com'.length)}@example.com`;
    expect((await post(`${s.base}/auth/v1/signup`, { email: longest, password: 'long-pass' })).status).toBe(
      200,
    );
  });

  it('answers 400 to an over-long e-mail on PUT /user', async () => {
    await confirmedUser(s, 'profile@example.com', 'profile-pass');
    const client = s.client();
    await client.signInWithPassword({ email: 'profile@example.com', password: 'profile-pass' });
    const access = (await client.getSession()).data.session!.access_token;
    const put = await fetch(`${s.base}/auth/v1/user`, {
      method: 'PUT',
      headers: { ...API_HEADERS, authorization: `Bearer ${access}` },
      body: JSON.stringify({ email: huge }),
    });
    expect(put.status).toBe(400);
    expect(await put.json()).toEqual(tooLong);
  });

  it('answers 413 to a body over the limit, 415 to an unknown content type, never 500', async () => {
    const big = JSON.stringify({ email: 'x@example.com', password: 'p'.repeat(2 * 1024 * 1024) });
    for (const path of ['/signup', '/token?grant_type=password', '/recover', '/verify']) {
      const res = await fetch(`${s.base}/auth/v1${path}`, {
        method: 'POST',
        headers: API_HEADERS,
        body: big,
      });
      expect(res.status, path).toBe(413);
      expect(await res.json()).toEqual({
        code: 'validation_failed',
        message: 'The request is larger than allowed.',
      });
    }
    const text = await fetch(`${s.base}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-supabase-api-version': '2024-01-01' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(text.status).toBe(413);
    const odd = await fetch(`${s.base}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-unknown', 'x-supabase-api-version': '2024-01-01' },
      body: 'x',
    });
    expect(odd.status).toBe(415);
    expect(await odd.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe.each(testDatabases)('attack: locking the owner out with failed sign-ins, on $name', (t) => {
  let s: Running;
  // TRUST_PROXY: the client IP comes from X-Forwarded-For, as behind the reverse proxy.
  beforeAll(async () => {
    s = await startAuthServer(t, {
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_PER_EMAIL: '10',
      AUTH_RATE_LIMIT_FAILED_PER_EMAIL: '25',
    });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });
  const url = () => `${s.base}/auth/v1/token?grant_type=password`;
  const from = (ip: string) => ({ ...API_HEADERS, 'x-forwarded-for': ip });

  it('limits an attacker guessing from one IP while the owner still signs in from another', async () => {
    await confirmedUser(s, 'owner@example.com', 'owner-pass');
    const attacker = from('203.0.113.7');
    for (let i = 0; i < 10; i++) {
      const guess = await post(url(), { email: 'owner@example.com', password: `guess-${i}` }, attacker);
      expect(guess).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    }
    for (let i = 10; i < 13; i++) {
      const guess = await post(url(), { email: 'owner@example.com', password: `guess-${i}` }, attacker);
      expect(guess).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
    }
    // Even the right password is refused from the attacker's IP for this window...
    const attackerRight = await post(url(), { email: 'owner@example.com', password: 'owner-pass' }, attacker);
    expect(attackerRight).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
    // ...but the owner, from another IP, signs in.
    const owner = await post(
      url(),
      { email: 'owner@example.com', password: 'owner-pass' },
      from('198.51.100.23'),
    );
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toBeTruthy();
    // And the attacker is still refused afterwards.
    const after = await post(url(), { email: 'owner@example.com', password: 'guess-x' }, attacker);
    expect(after).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
  });

  it('still stops guessing spread over many IPs once the per-e-mail limit is reached', async () => {
    await confirmedUser(s, 'spread@example.com', 'spread-pass');
    // 25 failures from 5 IPs, none of them over its own limit of 10.
    for (let i = 0; i < 25; i++) {
      const guess = await post(
        url(),
        { email: 'spread@example.com', password: `g${i}` },
        from(`192.0.2.${i % 5}`),
      );
      expect(guess.status).toBe(400);
    }
    const fresh = await post(
      url(),
      { email: 'spread@example.com', password: 'spread-pass' },
      from('192.0.2.99'),
    );
    expect(fresh).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
  });

  it('keeps a per-IP limit over all e-mail addresses', async () => {
    const ip = from('203.0.113.99');
    for (let i = 0; i < 30; i++) {
      expect((await post(url(), { email: `someone-${i}@example.com`, password: 'x-pass' }, ip)).status).toBe(
        400,
      );
    }
    const over = await post(url(), { email: 'someone-else@example.com', password: 'x-pass' }, ip);
    expect(over).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
  });
});
