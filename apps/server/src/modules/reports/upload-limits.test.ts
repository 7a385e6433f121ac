// POST /api/generate over each multipart limit: a 4xx with a message the user can act on, and no report
// row or stored file left behind. The limits are the ones index.ts gives busboy, sized from UPLOAD_*.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@atr/shared';
import { testDatabases } from '../../test/databases.ts';
import { multipartLimits } from './index.ts';
import {
  multipartBody,
  standardUpload,
  startTestApp,
  TEMPLATE_YAML,
  type Part,
  type TestApp,
} from './test-helpers.ts';

describe.each(testDatabases)('multipart limits on $name', (t) => {
  let ctx: TestApp;
  let auth: { authorization: string };
  let limits: ReturnType<typeof multipartLimits>;

  beforeAll(async () => {
    ctx = await startTestApp(t, { UPLOAD_MAX_IMAGES: '2' });
    auth = (await ctx.signUp()).auth;
    limits = multipartLimits(ctx.config);
  }, 60_000);
  afterAll(async () => ctx?.close());

  const inject = (payload: Buffer, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: '/api/generate', payload, headers: { ...headers, ...auth } });
  const generate = async (parts: [string, Part][]) => {
    const body = await multipartBody(parts);
    return inject(body.payload, body.headers);
  };
  const rowCount = async () =>
    (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reports'))[0]!.n;

  /** Runs `fn` and checks it left no report row and no stored file behind. */
  async function leavesNothing(fn: () => Promise<void>) {
    const rowsBefore = await rowCount();
    const filesBefore = await ctx.app.storage.list('reports/');
    await fn();
    expect(await rowCount()).toBe(rowsBefore);
    expect(await ctx.app.storage.list('reports/')).toEqual(filesBefore);
  }

  it('sizes the limits from UPLOAD_MAX_IMAGES and keeps every busboy default out', () => {
    expect(limits).toMatchObject({
      files: 12,
      fields: 20,
      parts: 22,
      fieldSize: 4096,
      headerPairs: 8,
      fieldNameSize: 64,
    });
    expect(limits.parts).toBeLessThan(limits.files + limits.fields);
  });

  it('accepts the full form the browser sends, just inside the limits', async () => {
    const company = ['name', 'vat', 'address', 'phone', 'email', 'website'].map(
      (k) =>
        [
          `companyData.${k}`,
          k === 'email' ? 'a@b.example' : k === 'website' ? 'https://acme.example' : 'x',
        ] as [string, Part],
    );
    const res = await generate([
      ...standardUpload().filter(([n]) => !n.startsWith('companyData.')),
      ...company,
    ]);
    expect(res.statusCode).toBe(200);
    expect(await ctx.app.storage.list(`reports/${res.json().report_id}/`)).toContain(
      `reports/${res.json().report_id}/input/codebase.zip`,
    );
  });

  // The ZIP goes first, so each refusal below happens after a file was already streamed into storage.
  it('refuses more file parts than the files limit with 413', async () => {
    await leavesNothing(async () => {
      const extra = Array.from(
        { length: limits.files },
        (_, i) => ['attachment', { name: `f${i}.txt`, type: 'text/plain', data: 'x' }] as [string, Part],
      );
      const res = await generate([...standardUpload(), ...extra]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(messages.api.payloadTooLarge);
    });
  });

  it('refuses more text fields than the fields limit with 413', async () => {
    await leavesNothing(async () => {
      const extra = Array.from({ length: limits.fields }, (_, i) => [`note${i}`, 'x'] as [string, Part]);
      const res = await generate([...standardUpload(), ...extra]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(messages.api.payloadTooLarge);
    });
  });

  it('refuses more parts than the parts limit with 413, even when files and fields are each within theirs', async () => {
    await leavesNothing(async () => {
      const base = standardUpload(); // 4 fields, 3 files
      const fields = Array.from({ length: limits.fields - 5 }, (_, i) => [`note${i}`, 'x'] as [string, Part]);
      const files = Array.from(
        { length: limits.parts - base.length - fields.length + 1 },
        (_, i) => ['attachment', { name: `f${i}.txt`, type: 'text/plain', data: 'x' }] as [string, Part],
      );
      expect(4 + fields.length).toBeLessThanOrEqual(limits.fields);
      expect(3 + files.length).toBeLessThanOrEqual(limits.files);
      const res = await generate([...base, ...fields, ...files]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(messages.api.payloadTooLarge);
    });
  });

  it.each(['project_name', 'companyData.address'])(
    'refuses a %s longer than the field size limit with 413, never a cut-short value',
    async (field) => {
      await leavesNothing(async () => {
        const parts = standardUpload().filter(([n]) => n !== field);
        const res = await generate([...parts, [field, 'é'.repeat(limits.fieldSize)]]);
        expect(res.statusCode).toBe(413);
        expect(res.json().message).toBe(`The field "${field}" is too long.`);
      });
    },
  );

  it('refuses a GitHub URL longer than the field size limit instead of accepting it cut short', async () => {
    await leavesNothing(async () => {
      const res = await generate([
        ['project_name', 'Long URL'],
        ['project_source', 'github'],
        ['codebase', `https://github.com/acme/app/tree/main/${'a/'.repeat(limits.fieldSize)}`],
        ...standardUpload().filter(([n]) => n === 'template'),
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('The field "codebase" is too long.');
    });
  });

  it('does not read a part whose Content-Disposition comes after the header-pairs limit', async () => {
    // Hand-made body: the ZIP part carries `headerPairs` junk headers before its Content-Disposition,
    // so busboy stops counting before it reaches the name and skips the part; the ZIP is then missing.
    const boundary = '----atr-limits';
    const part = (headers: string[], data: string) =>
      `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n${data}\r\n`;
    const junk = Array.from({ length: limits.headerPairs }, (_, i) => `X-Junk-${i}: ${i}`);
    const build = (zipHeaders: string[]) =>
      Buffer.from(
        part(['Content-Disposition: form-data; name="project_name"'], 'Demo') +
          part(['Content-Disposition: form-data; name="project_source"'], 'zip') +
          part(zipHeaders, 'PK\u0005\u0006' + '\u0000'.repeat(18)) +
          part(
            [
              'Content-Disposition: form-data; name="template"; filename="t.yaml"',
              'Content-Type: application/x-yaml',
            ],
            TEMPLATE_YAML,
          ) +
          `--${boundary}--\r\n`,
        'latin1',
      );
    const zipCd = 'Content-Disposition: form-data; name="codebase"; filename="demo.zip"';
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };

    await leavesNothing(async () => {
      const res = await inject(build([...junk, zipCd, 'Content-Type: application/zip']), headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(messages.validation.zipRequired);
    });
    // The same body with the junk one line shorter is read: the limit, not the junk, refused it.
    const ok = await inject(build([...junk.slice(1), zipCd, 'Content-Type: application/zip']), headers);
    expect(ok.statusCode).toBe(200);
  });
});
