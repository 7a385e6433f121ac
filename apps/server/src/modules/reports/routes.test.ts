// HTTP tests of the reports API on both databases: real multipart bodies, validation, limits,
// ownership, pagination, the 5-page preview, cancel, delete, cache clear, template and OpenAPI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { messages } from '@atr/shared';
import { testDatabases } from '../../test/databases.ts';
import { reportRepository } from './repository.ts';
import {
  multipartBody,
  pdfWithPages,
  PNG_1PX,
  standardUpload,
  startTestApp,
  TEMPLATE_YAML,
  type Part,
  type TestApp,
} from './test-helpers.ts';

describe.each(testDatabases)('reports API on $name', (t) => {
  let ctx: TestApp;
  let alice: Awaited<ReturnType<TestApp['signUp']>>;
  let bob: Awaited<ReturnType<TestApp['signUp']>>;

  beforeAll(async () => {
    ctx = await startTestApp(t, {
      UPLOAD_MAX_TEMPLATE_BYTES: '2048',
      UPLOAD_MAX_IMAGES: '3',
      USER_MAX_ACTIVE_REPORTS: '100',
    });
    alice = await ctx.signUp();
    bob = await ctx.signUp();
  }, 60_000);
  afterAll(async () => ctx?.close());

  const generate = async (
    parts: [string, Part][],
    auth = alice.auth,
    headers: Record<string, string> = {},
  ) => {
    const body = await multipartBody(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/generate',
      payload: body.payload,
      headers: { ...body.headers, ...auth, ...headers },
    });
  };
  const stored = (id: string) => ctx.app.storage.list(`reports/${id}/`);
  const allStored = () => ctx.app.storage.list('reports/');
  const rowCount = async () =>
    (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reports'))[0]!.n;

  /** Runs `fn` and checks it left no report row and no stored file behind. */
  async function leavesNothing(fn: () => Promise<void>) {
    const rowsBefore = await rowCount();
    const filesBefore = await allStored();
    await fn();
    expect(await rowCount()).toBe(rowsBefore);
    expect(await allStored()).toEqual(filesBefore);
  }

  it('creates a processing report from a ZIP upload, storing every part', async () => {
    const res = await generate(
      standardUpload([
        ['images', { name: 'arch.png', type: 'image/png', data: PNG_1PX }],
        ['images', { name: 'notes.txt', type: 'text/plain', data: 'not an image' }],
      ]),
    );
    expect(res.statusCode).toBe(200);
    const { report_id } = res.json();
    expect(report_id).toMatch(/^[0-9a-f-]{36}$/);
    const files = await stored(report_id);
    expect(files).toEqual(
      expect.arrayContaining([
        `reports/${report_id}/input/codebase.zip`,
        `reports/${report_id}/input/template.yaml`,
        `reports/${report_id}/input/images/0-arch.png`,
        `reports/${report_id}/input/logo-logo.png`,
      ]),
    );
    // The text file sent as an image is skipped, not stored.
    expect(files.some((f) => f.includes('notes'))).toBe(false);

    const status = await ctx.app.inject({ url: `/api/status/${report_id}`, headers: alice.auth });
    expect(status.json()).toEqual({
      state: 'processing',
      progress: 0,
      step: 'queued',
      error: null,
      step_log: [],
    });

    const row = await reportRepository(ctx.db).findById(report_id);
    expect(row?.input.company).toMatchObject({ name: 'ACME S.p.A.', email: 'info@acme.example' });
    expect(row?.template_name).toBe('generic_template.yaml');
  });

  it('accepts a GitHub source with a valid token and keeps the token off the input record', async () => {
    const res = await generate(
      [
        ['project_name', 'Gh'],
        ['project_source', 'github'],
        ['codebase', 'https://github.com/acme/widgets'],
        ['template', { name: 't.yml', type: 'application/x-yaml', data: TEMPLATE_YAML }],
      ],
      alice.auth,
      { 'x-github-token': 'ghp_' + 'a'.repeat(36) },
    );
    expect(res.statusCode).toBe(200);
    const row = await reportRepository(ctx.db).findById(res.json().report_id);
    expect(row?.project_source).toBe('github');
    expect(row?.input.githubUrl).toBe('https://github.com/acme/widgets');
    expect(JSON.stringify(row?.input)).not.toContain('ghp_');
    expect(row?.github_token).toBe('ghp_' + 'a'.repeat(36));
  });

  it.each([
    [
      'project name missing',
      (p: [string, Part][]) => p.filter(([n]) => n !== 'project_name'),
      messages.validation.projectAndTemplateRequired,
    ],
    [
      'blank project name',
      (p: [string, Part][]) => p.map(([n, v]) => [n, n === 'project_name' ? '   ' : v] as [string, Part]),
      messages.validation.projectAndTemplateRequired,
    ],
    [
      'template missing',
      (p: [string, Part][]) => p.filter(([n]) => n !== 'template'),
      messages.validation.projectAndTemplateRequired,
    ],
    [
      'ZIP missing',
      (p: [string, Part][]) => p.filter(([n]) => n !== 'codebase'),
      messages.validation.zipRequired,
    ],
    [
      'not a .zip',
      (p: [string, Part][]) =>
        p.map(
          ([n, v]) =>
            [n, n === 'codebase' ? { name: 'demo.tar', type: 'application/x-tar', data: 'x' } : v] as [
              string,
              Part,
            ],
        ),
      messages.validation.zipType,
    ],
    [
      'template not YAML',
      (p: [string, Part][]) =>
        p.map(
          ([n, v]) =>
            [n, n === 'template' ? { name: 't.txt', type: 'text/plain', data: TEMPLATE_YAML } : v] as [
              string,
              Part,
            ],
        ),
      messages.validation.templateType,
    ],
    [
      'logo not an image',
      (p: [string, Part][]) =>
        p.map(
          ([n, v]) =>
            [n, n === 'company_logo' ? { name: 'logo.pdf', type: 'application/pdf', data: '%PDF' } : v] as [
              string,
              Part,
            ],
        ),
      messages.validation.logoType,
    ],
  ])('refuses an upload with %s and leaves nothing behind', async (_name, change, message) => {
    await leavesNothing(async () => {
      const res = await generate(change(standardUpload()));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  });

  it('sniffs the logo and images by their bytes: an SVG or HTML sent as image/png is refused before anything is stored', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const withLogo = (data: string | Buffer, type = 'image/png'): [string, Part][] =>
      standardUpload().map(
        ([n, v]) => [n, n === 'company_logo' ? { name: 'logo.png', type, data } : v] as [string, Part],
      );
    await leavesNothing(async () => {
      for (const parts of [
        withLogo(svg),
        withLogo(svg, 'image/svg+xml'),
        withLogo('<html><script>x</script></html>'),
        withLogo(''),
      ]) {
        const res = await generate(parts);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('The logo must be a PNG or JPEG image.');
      }
      const img = await generate(
        standardUpload([['images', { name: 'diagram.png', type: 'image/png', data: svg }]]),
      );
      expect(img.statusCode).toBe(400);
      expect(img.json().message).toBe('The image "diagram.png" is not a PNG or JPEG image.');
    });
  });

  it('stores each image as the server decoded and re-encoded it, with the type its bytes show', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const diagram = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const res = await generate(
      standardUpload([['images', { name: 'diagram.png', type: 'image/png', data: diagram }]]).map(
        // A JPEG that calls itself logo.png is kept as the JPEG it is.
        ([n, v]) =>
          [n, n === 'company_logo' ? { name: 'logo.png', type: 'image/png', data: photo } : v] as [
            string,
            Part,
          ],
      ),
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().report_id as string;
    const row = await reportRepository(ctx.db).findOwned(id, alice.id);
    const input = row!.input;
    expect(input.logo).toMatchObject({
      key: `reports/${id}/input/logo-logo.jpg`,
      mime: 'image/jpeg',
      name: 'logo.png',
    });
    expect(input.images[0]).toMatchObject({
      key: `reports/${id}/input/images/0-diagram.png`,
      mime: 'image/png',
    });
    const logo = await sharp(await ctx.app.storage.read(input.logo!.key)).metadata();
    expect([logo.format, logo.width, logo.height]).toEqual(['jpeg', 640, 480]);
    const image = await sharp(await ctx.app.storage.read(input.images[0]!.key)).metadata();
    expect([image.format, image.width, image.height, image.hasAlpha]).toEqual(['png', 300, 200, true]);
    expect(input.logo!.size).toBe((await ctx.app.storage.read(input.logo!.key)).length);
  });

  it('refuses bad GitHub URLs and tokens with the spec messages', async () => {
    const gh = (url: string): [string, Part][] => [
      ['project_name', 'Gh'],
      ['project_source', 'github'],
      ['codebase', url],
      ['template', { name: 't.yaml', type: 'application/x-yaml', data: TEMPLATE_YAML }],
    ];
    await leavesNothing(async () => {
      expect((await generate(gh(''))).json().message).toBe(messages.validation.githubUrlRequired);
      expect((await generate(gh('not a url'))).json().message).toBe(messages.validation.githubUrlInvalid);
      const badToken = await generate(gh('github.com/a/b'), alice.auth, { 'x-github-token': 'short' });
      expect(badToken.statusCode).toBe(400);
      expect(badToken.json().message).toBe(messages.validation.githubTokenInvalid);
    });
  });

  it('refuses a bad template with its line-numbered message before creating a report', async () => {
    await leavesNothing(async () => {
      const bad = 'report_structure:\n  - title: A\n    sections: 12\n';
      const res = await generate(
        standardUpload().map(([n, v]) => [
          n,
          n === 'template' ? { name: 'bad.yaml', type: 'application/x-yaml', data: bad } : v,
        ]),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Line \d+:/);
    });
  });

  it('refuses an oversized template with 413 and removes the files already streamed', async () => {
    await leavesNothing(async () => {
      // The ZIP and logo are stored first; the template after them breaks the limit.
      const parts = standardUpload().filter(([n]) => n !== 'template');
      parts.push([
        'template',
        { name: 'big.yaml', type: 'application/x-yaml', data: TEMPLATE_YAML + '#'.repeat(4096) },
      ]);
      const res = await generate(parts);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toContain('template');
    });
  });

  it('refuses more images than allowed', async () => {
    await leavesNothing(async () => {
      const imgs: [string, Part][] = Array.from({ length: 4 }, (_, i) => [
        'images',
        { name: `i${i}.png`, type: 'image/png', data: PNG_1PX },
      ]);
      const res = await generate(standardUpload(imgs));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('at most 3 images');
    });
  });

  it('requires a bearer token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/reports'],
      ['GET', `/api/status/${crypto.randomUUID()}`],
      ['POST', '/api/reports/cache/clear'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
    const body = await multipartBody(standardUpload());
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/generate',
          payload: body.payload,
          headers: body.headers,
        })
      ).statusCode,
    ).toBe(401);
  });

  it("answers 404 for another user's report on every route, and 400 for a malformed id", async () => {
    const id = (await generate(standardUpload())).json().report_id as string;
    const routes = [
      ['GET', `/api/status/${id}`],
      ['GET', `/api/reports/${id}`],
      ['GET', `/api/reports/${id}/preview`],
      ['POST', `/api/cancel/${id}`],
      ['DELETE', `/api/reports/${id}`],
      ['GET', `/api/reports/${id}/duration-estimate`],
    ] as const;
    for (const [method, url] of routes) {
      const res = await ctx.app.inject({ method, url, headers: bob.auth });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(messages.report.notFound);
    }
    for (const [method, url] of routes) {
      const res = await ctx.app.inject({ method, url: url.replace(id, 'not-a-uuid'), headers: alice.auth });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().message).toBe(messages.validation.invalidReportIdShort);
    }
    // Bob's actions changed nothing: Alice's report is still there and still processing.
    const status = await ctx.app.inject({ url: `/api/status/${id}`, headers: alice.auth });
    expect(status.json().state).toBe('processing');
    expect((await stored(id)).length).toBeGreaterThan(0);
    const list = await ctx.app.inject({ url: '/api/reports', headers: bob.auth });
    expect(list.json().reports.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('lists the caller’s reports newest first in both pagination shapes (per_page and limit)', async () => {
    const carol = await ctx.signUp();
    const repo = reportRepository(ctx.db);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const id = crypto.randomUUID();
      ids.push(id);
      await repo.insert({
        id,
        userId: carol.id,
        projectName: `P${i}`,
        projectSource: 'zip',
        templateName: 't.yaml',
        input: { template: { key: 'x', name: 't', mime: 'x', size: 1 }, images: [], company: {} },
      });
      await ctx.db.query(`UPDATE reports SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [
        id,
        100 - i,
      ]);
    }
    const p1 = (await ctx.app.inject({ url: '/api/reports?page=1&per_page=5', headers: carol.auth })).json();
    expect(p1.reports.map((r: { name: string }) => r.name)).toEqual(['P6', 'P5', 'P4', 'P3', 'P2']);
    expect(p1.pagination).toEqual({ currentPage: 1, totalPages: 2, totalReports: 7, reportsPerPage: 5 });
    expect(p1).toMatchObject({
      page: 1,
      total_pages: 2,
      total_reports: 7,
      per_page: 5,
      has_next: true,
      has_prev: false,
    });
    const p2 = (await ctx.app.inject({ url: '/api/reports?page=2&limit=5', headers: carol.auth })).json();
    expect(p2.reports.map((r: { name: string }) => r.name)).toEqual(['P1', 'P0']);
    expect(p2).toMatchObject({ has_next: false, has_prev: true });
    const beyond = (
      await ctx.app.inject({ url: '/api/reports?page=3&per_page=5', headers: carol.auth })
    ).json();
    expect(beyond).toMatchObject({
      reports: [],
      total_reports: 7,
      total_pages: 2,
      has_prev: true,
      has_next: false,
    });
    const def = (await ctx.app.inject({ url: '/api/reports', headers: carol.auth })).json();
    expect(def.per_page).toBe(10);
    expect(def.reports[0]).toMatchObject({
      status: 'processing',
      download_links: { word: `/api/download/${ids[6]}/docx` },
      pdf_preview: null,
    });
    expect((await ctx.app.inject({ url: '/api/reports?per_page=500', headers: carol.auth })).statusCode).toBe(
      400,
    );
  });

  it('searches project names and filters by status on the server, only in the caller’s reports', async () => {
    const dana = await ctx.signUp();
    const repo = reportRepository(ctx.db);
    const make = async (userId: string, projectName: string, status = 'processing') => {
      const id = crypto.randomUUID();
      await repo.insert({
        id,
        userId,
        projectName,
        projectSource: 'zip',
        templateName: 't.yaml',
        input: { template: { key: 'x', name: 't', mime: 'x', size: 1 }, images: [], company: {} },
      });
      await ctx.db.query(`UPDATE reports SET status = $2 WHERE id = $1`, [id, status]);
      return id;
    };
    await make(dana.id, 'Billing API');
    await make(dana.id, 'billing worker', 'completed');
    await make(dana.id, 'Search 100% done', 'failed');
    await make(dana.id, 'snake_case_app', 'cancelled');
    await make(bob.id, 'Billing of Bob');
    const names = async (query: string) => {
      const res = await ctx.app.inject({ url: `/api/reports?${query}`, headers: dana.auth });
      expect(res.statusCode, query).toBe(200);
      const body = res.json();
      return { names: body.reports.map((r: { name: string }) => r.name).sort(), total: body.total_reports };
    };
    expect(await names('q=BILLING')).toEqual({ names: ['Billing API', 'billing worker'], total: 2 });
    expect(await names('q=billing&status=completed')).toEqual({ names: ['billing worker'], total: 1 });
    expect(await names('status=failed')).toEqual({ names: ['Search 100% done'], total: 1 });
    // The search is literal: % and _ are not wildcards.
    expect(await names(`q=${encodeURIComponent('100%')}`)).toEqual({ names: ['Search 100% done'], total: 1 });
    expect(await names('q=%25')).toEqual({ names: ['Search 100% done'], total: 1 });
    expect(await names('q=e_c')).toEqual({ names: ['snake_case_app'], total: 1 });
    expect(await names('q=e_')).toEqual({ names: ['snake_case_app'], total: 1 });
    expect(await names('q=nothing')).toEqual({ names: [], total: 0 });
    // Blank search is no search; unknown statuses and over-long searches are refused by the shared schema.
    expect((await names('q=%20%20')).total).toBe(4);
    for (const bad of ['status=sleeping', `q=${'x'.repeat(101)}`]) {
      const res = await ctx.app.inject({ url: `/api/reports?${bad}`, headers: dana.auth });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('estimates the time left from completed reports’ measured steps, with a first guess before any', async () => {
    const erin = await ctx.signUp();
    const repo = reportRepository(ctx.db);
    // Nothing completed anywhere yet in this database? Other tests only leave processing rows; clear to be sure.
    await ctx.db.query(`UPDATE reports SET timings = NULL WHERE status = 'completed'`);
    const id = (await generate(standardUpload(), erin.auth)).json().report_id as string;
    const first = await ctx.app.inject({ url: `/api/reports/${id}/duration-estimate`, headers: erin.auth });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ basis: 'default', samples: 0, mode: 'offline' });
    expect(first.json().remainingMs).toBe(first.json().totalMs);

    // Three completed reports (of other users, too) with measured steps: the medians are used.
    const timings = [
      {
        initializing: 1000,
        personalizing: 500,
        ai_code_analysis: 4000,
        generating_markdown: 2000,
        building_docx: 3000,
      },
      {
        initializing: 3000,
        personalizing: 700,
        ai_code_analysis: 6000,
        generating_markdown: 2500,
        building_docx: 5000,
      },
      {
        initializing: 2000,
        personalizing: 600,
        ai_code_analysis: 5000,
        generating_markdown: 9000,
        building_docx: 4000,
      },
    ];
    for (const t of timings) {
      const done = crypto.randomUUID();
      await repo.insert({
        id: done,
        userId: bob.id,
        projectName: 'Done',
        projectSource: 'zip',
        templateName: 't.yaml',
        input: { template: { key: 'x', name: 't', mime: 'x', size: 1 }, images: [], company: {} },
      });
      await ctx.db.query(
        `UPDATE reports SET status = 'completed', completed_at = now(), timings = $2::jsonb, engine_mode = 'offline' WHERE id = $1`,
        [done, JSON.stringify(t)],
      );
    }
    const queued = (
      await ctx.app.inject({ url: `/api/reports/${id}/duration-estimate`, headers: erin.auth })
    ).json();
    expect(queued).toMatchObject({ basis: 'recent', samples: 3 });
    expect(queued.steps).toEqual([
      { step: 'initializing', ms: 2000 },
      { step: 'personalizing', ms: 600 },
      { step: 'ai_code_analysis', ms: 5000 },
      { step: 'generating_markdown', ms: 2500 },
      { step: 'building_docx', ms: 4000 },
    ]);
    expect(queued.remainingMs).toBe(14_100);

    // In the analysis step for 1 s: its rest (4 s) and the later steps (6.5 s) are left.
    const startedAt = new Date(Date.now() - 1000).toISOString();
    await ctx.db.query(`UPDATE reports SET step = 'ai_code_analysis', step_log = $2::jsonb WHERE id = $1`, [
      id,
      JSON.stringify([
        { step: 'initializing', startedAt, endedAt: startedAt, message: null, done: null, total: null },
        { step: 'ai_code_analysis', startedAt, endedAt: null, message: null, done: 3, total: 9 },
      ]),
    ]);
    const running = (
      await ctx.app.inject({ url: `/api/reports/${id}/duration-estimate`, headers: erin.auth })
    ).json();
    expect(running.remainingMs).toBeGreaterThan(10_000);
    expect(running.remainingMs).toBeLessThanOrEqual(10_500);
    const status = (await ctx.app.inject({ url: `/api/status/${id}`, headers: erin.auth })).json();
    expect(status.step_log[1]).toMatchObject({ step: 'ai_code_analysis', done: 3, total: 9, endedAt: null });
  });

  it('serves the preview only when completed, and never more than 5 pages', async () => {
    const id = (await generate(standardUpload())).json().report_id as string;
    const notYet = await ctx.app.inject({ url: `/api/reports/${id}/preview`, headers: alice.auth });
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json().message).toBe(messages.preview.fileNotFound);

    await ctx.db.query(
      `UPDATE reports SET status = 'completed', step = 'done', progress = 100 WHERE id = $1`,
      [id],
    );
    const missing = await ctx.app.inject({ url: `/api/reports/${id}/preview`, headers: alice.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(messages.preview.fileNotFound);

    // A stored preview with 9 pages (a writer bug, a tampered file) still leaves with 5.
    await ctx.app.storage.put(`reports/${id}/preview.pdf`, await pdfWithPages(9));
    const res = await ctx.app.inject({ url: `/api/reports/${id}/preview`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    const doc = await PDFDocument.load(Buffer.from(res.json().pdf_preview, 'base64'));
    expect(doc.getPageCount()).toBe(5);
    expect(res.json().pages).toBe(5);

    await ctx.app.storage.put(`reports/${id}/preview.pdf`, await pdfWithPages(3));
    const small = (await ctx.app.inject({ url: `/api/reports/${id}/preview`, headers: alice.auth })).json();
    expect((await PDFDocument.load(Buffer.from(small.pdf_preview, 'base64'))).getPageCount()).toBe(3);
  });

  it('shows detail with the server price table and no payment', async () => {
    const id = (await generate(standardUpload())).json().report_id as string;
    const res = await ctx.app.inject({ url: `/api/reports/${id}`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'Demo Project',
      pricing: {
        word: { amount: ctx.config.PRICE_WORD_CENTS, currency: 'eur' },
        latex: { amount: ctx.config.PRICE_LATEX_CENTS },
      },
      payment_tier: 'none',
      payment_info: null,
      paid_formats: [],
    });
  });

  it('cancels a queued report at once, deleting its inputs; a finished one cannot be cancelled', async () => {
    const id = (await generate(standardUpload())).json().report_id as string;
    const res = await ctx.app.inject({ method: 'POST', url: `/api/cancel/${id}`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.report.cancelled });
    expect((await ctx.app.inject({ url: `/api/status/${id}`, headers: alice.auth })).json().state).toBe(
      'cancelled',
    );
    expect(await stored(id)).toEqual([]);
    const again = await ctx.app.inject({ method: 'POST', url: `/api/cancel/${id}`, headers: alice.auth });
    expect(again.statusCode).toBe(409);
  });

  it('deletes the row and every stored file', async () => {
    const id = (await generate(standardUpload())).json().report_id as string;
    await ctx.app.storage.put(`reports/${id}/report.docx`, Buffer.from('docx'));
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(await stored(id)).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/reports/${id}`, headers: alice.auth })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers: alice.auth })).statusCode,
    ).toBe(404);
  });

  it("clears only the caller's analysis cache", async () => {
    const repo = reportRepository(ctx.db);
    await ctx.app.storage.put('cache/a1/analysis.json', Buffer.from('{}'));
    await repo.putCache(alice.id, 'h1', 'cache/a1/analysis.json');
    await repo.putCache(alice.id, 'h2', 'cache/a2/analysis.json');
    await repo.putCache(bob.id, 'h1', 'cache/b1/analysis.json');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports/cache/clear',
      headers: alice.auth,
    });
    expect(res.json()).toEqual({ success: true, cleared: 2 });
    expect(await ctx.app.storage.list('cache/a1/')).toEqual([]);
    expect(await repo.cacheEntries(bob.id)).toEqual(['cache/b1/analysis.json']);
  });

  it('serves the generic template as a download, without a token', async () => {
    const res = await ctx.app.inject({ url: '/templates/generic_template.yaml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="generic_template.yaml"');
    expect(res.body).toContain('report_structure:');
  });

  it('describes /api in OpenAPI from the shared schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/generate',
        '/api/reports',
        '/api/status/{id}',
        '/api/reports/{id}/preview',
      ]),
    );
    expect(Object.keys(doc.paths).every((p: string) => p.startsWith('/api/'))).toBe(true);
    const statusSchema =
      doc.paths['/api/status/{id}'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(statusSchema.properties).sort()).toEqual([
      'error',
      'progress',
      'state',
      'step',
      'step_log',
    ]);
    expect(Object.keys(doc.paths)).toContain('/api/reports/{id}/duration-estimate');
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
