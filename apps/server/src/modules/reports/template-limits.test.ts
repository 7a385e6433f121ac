// POST /api/generate with a template over TEMPLATE_MAX_HEADINGS: 400 with the engine's message naming
// the count and the limit, and no report row or stored file left behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testDatabases } from '../../test/databases.ts';
import { multipartBody, startTestApp, uploadWithTemplate, type TestApp } from './test-helpers.ts';

/** A template of `chapters` chapters with `sections` sections each. */
const templateOf = (chapters: number, sections: number) =>
  `report_structure:\n${Array.from({ length: chapters }, (_, c) => `  - title: Chapter ${c + 1}\n    sections:\n${Array.from({ length: sections }, (_, s) => `      - title: Section ${s + 1}\n`).join('')}`).join('')}`;

it('TEMPLATE_MAX_HEADINGS defaults to 300 and REPORT_MAX_PAGES to 500', () => {
  const config = testConfig();
  expect(config.TEMPLATE_MAX_HEADINGS).toBe(300);
  expect(config.REPORT_MAX_PAGES).toBe(500);
});

describe.each(testDatabases)('headings per template at upload on $name', (t) => {
  let ctx: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    ctx = await startTestApp(t, { TEMPLATE_MAX_HEADINGS: '6' });
    auth = (await ctx.signUp()).auth;
  }, 60_000);
  afterAll(async () => ctx?.close());

  const generate = async (template: string) => {
    const body = await multipartBody(uploadWithTemplate(template, 'big.yaml'));
    return ctx.app.inject({
      method: 'POST',
      url: '/api/generate',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
  };
  const rowCount = async () =>
    (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reports'))[0]!.n;

  it('refuses a template over the limit with 400, naming the count and the limit, and stores nothing', async () => {
    const rowsBefore = await rowCount();
    const filesBefore = await ctx.app.storage.list('reports/');
    const res = await generate(templateOf(2, 3)); // 2 + 6 = 8 headings
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The template has 8 headings (2 chapters, 6 sections and 0 subsections); at most 6 are allowed. Remove chapters, sections or subsections, or split the template into several reports.',
    );
    expect(await rowCount()).toBe(rowsBefore);
    expect(await ctx.app.storage.list('reports/')).toEqual(filesBefore);
  });

  it('accepts a template at the limit', async () => {
    const res = await generate(templateOf(2, 2)); // 2 + 4 = 6 headings
    expect(res.statusCode).toBe(200);
    expect(res.json().report_id).toEqual(expect.any(String));
  });
});
