// Regression tests for the attacks of issue 22 that reach the web process: a quarter-million-character
// title, a template nested 5,000 levels deep, and NUL or other control characters in form fields, JSON
// bodies and queries. Each is refused with 400 and a message a user can act on, quickly, on PGlite
// and PostgreSQL alike (PostgreSQL refuses NUL in text, which once answered 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { multipartBody, standardUpload, startTestApp, type Part, type TestApp } from './test-helpers.ts';

const LONG_TITLE = `report_structure:\n  - title: ${'A'.repeat(250_000)}\n`;
const DEEP = `report_structure: ${'['.repeat(5000)}${']'.repeat(5000)}\n`;

describe.each(testDatabases)('bad input on $name', (t) => {
  let ctx: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    // a provider is configured so /api/estimate parses templates (it answers "offline" otherwise)
    ctx = await startTestApp(t, {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_API_KEY: 'sk-test-0123456789abcdef',
      AI_MODEL: 'gpt-4o-mini',
    });
    auth = (await ctx.signUp()).auth;
  }, 120_000);
  afterAll(async () => ctx?.close());

  const generate = async (replace: Record<string, Part>, extra: [string, Part][] = []) => {
    const parts: [string, Part][] = standardUpload(extra).map(([n, p]) => [n, replace[n] ?? p]);
    const body = await multipartBody(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/generate',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
  };
  const template = (data: string): Part => ({ name: 't.yaml', type: 'application/x-yaml', data });
  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    return { result, ms: performance.now() - started };
  };

  it('refuses a 250,000-character title at upload and at the estimate with 400, at once (it once took 25 s)', async () => {
    const upload = await timed(() => generate({ template: template(LONG_TITLE) }));
    expect(upload.result.statusCode).toBe(400);
    expect(upload.result.json().message).toBe("Line 2: chapter 1's title is longer than 200 characters.");
    // a bound that tells "at once" from the 25 s it once took, on a machine busy with other tests
    expect(upload.ms).toBeLessThan(5000);
    const estimate = await timed(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/estimate',
        headers: auth,
        payload: { template: LONG_TITLE },
      }),
    );
    expect(estimate.result.statusCode).toBe(400);
    expect(estimate.result.json().message).toBe("Line 2: chapter 1's title is longer than 200 characters.");
    expect(estimate.ms).toBeLessThan(5000);
  });

  it('refuses a template nested 5,000 levels deep with a message naming the limit', async () => {
    for (const res of [
      await generate({ template: template(DEEP) }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/estimate',
        headers: auth,
        payload: { template: DEEP },
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Line 1: the template nests lists and mappings more than 64 levels deep (the limit).',
      );
    }
  });

  it('refuses NUL and other control characters in upload fields, naming the field', async () => {
    const rows = async () =>
      (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reports'))[0]!.n;
    const before = await rows();
    for (const [field, value, char] of [
      ['project_name', 'Demo\u0000Project', 'U+0000'],
      ['companyData.name', 'ACME\u0007', 'U+0007'],
      ['companyData.email', 'info@acme.example\u007f', 'U+007F'],
    ] as const) {
      const res = await generate({ [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `"${field}" contains a control character (${char}); remove it and try again.`,
      );
    }
    // a file's name too
    const named = await generate({
      template: { name: 'x\u0000.yaml', type: 'application/x-yaml', data: 'a: 1\n' },
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toMatch(/^"template" contains a control character \(U\+0000\)/);
    expect(await rows()).toBe(before);
    // tab, line feed and carriage return are text, not controls: the address may span lines
    const ok = await generate({}, [['companyData.address', 'Via Roma 1\r\n00100 Roma\tIT']]);
    expect(ok.statusCode).toBe(200);
  });

  it('refuses control characters in JSON bodies and queries, naming the field', async () => {
    const estimate = await ctx.app.inject({
      method: 'POST',
      url: '/api/estimate',
      headers: auth,
      payload: { files: [['src/a\u0000.ts', 10]] },
    });
    expect(estimate.statusCode).toBe(400);
    expect(estimate.json().message).toBe(
      '"files.0.0" contains a control character (U+0000); remove it and try again.',
    );
    const list = await ctx.app.inject({ method: 'GET', url: '/api/reports?q=a%00b', headers: auth });
    expect(list.statusCode).toBe(400);
    expect(list.json().message).toBe('"q" contains a control character (U+0000); remove it and try again.');
  });

  it("refuses control characters in the auth service fields with GoTrue's validation answer", async () => {
    const signup = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      payload: { email: 'nul\u0000@example.com', password: 'correct-horse-1' },
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json()).toEqual({
      code: 'validation_failed',
      message: '"email" contains a control character (U+0000); remove it and try again.',
    });
    const signin = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'a@example.com', password: 'pass\u0000word' },
    });
    expect(signin.statusCode).toBe(400);
    expect(signin.json().msg).toMatch(/^"password" contains a control character/);
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: auth,
      payload: { data: { full_name: 'Ada\u0000' } },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().msg).toBe(
      '"data.full_name" contains a control character (U+0000); remove it and try again.',
    );
  });
});
