// Security regression tests of POST /api/generate, on both databases: hostile images (damaged PNGs
// that used to crash the process from inside zlib, a decompression bomb), an upload flood, a full
// storage quota and malformed multipart bodies. Each is refused with a message a user can act on, and
// leaves no report row and no stored file behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, uploadMessages } from '@atr/shared';
import { testDatabases } from '../../test/databases.ts';
import {
  PNG_BAD_FILTER,
  PNG_CORRUPT_ZLIB,
  PNG_VALID_4PX,
  pngBomb,
} from '../../../../../packages/engine/test/hostile-images.ts';
import { multipartBody, standardUpload, startTestApp, type Part, type TestApp } from './test-helpers.ts';

const withLogo = (data: Buffer): [string, Part][] =>
  standardUpload().map(
    ([n, v]) =>
      [n, n === 'company_logo' ? { name: 'logo.png', type: 'image/png', data } : v] as [string, Part],
  );
const withImage = (name: string, data: Buffer): [string, Part][] =>
  standardUpload([['images', { name, type: 'image/png', data }]]);

describe.each(testDatabases)('hostile uploads on $name', (t) => {
  let ctx: TestApp;
  let bomb: Buffer;

  beforeAll(async () => {
    ctx = await startTestApp(t, { USER_MAX_ACTIVE_REPORTS: '3', USER_MAX_STORED_BYTES: String(64 * 1024) });
    bomb = await pngBomb();
  }, 60_000);
  afterAll(async () => ctx?.close());

  const generate = async (parts: [string, Part][], auth: { authorization: string }) => {
    const body = await multipartBody(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/generate',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
  };
  const rowCount = async () =>
    (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reports'))[0]!.n;
  async function leavesNothing(fn: () => Promise<void>) {
    const rowsBefore = await rowCount();
    const filesBefore = await ctx.app.storage.list('reports/');
    await fn();
    expect(await rowCount()).toBe(rowsBefore);
    expect(await ctx.app.storage.list('reports/')).toEqual(filesBefore);
  }

  it('refuses a logo whose PNG data is damaged (corrupt zlib stream, invalid row filter) with 400', async () => {
    const { auth } = await ctx.signUp();
    // The framing is right: the same builder makes a PNG that is accepted.
    expect((await generate(withLogo(PNG_VALID_4PX), auth)).statusCode).toBe(200);
    await leavesNothing(async () => {
      for (const png of [PNG_CORRUPT_ZLIB, PNG_BAD_FILTER]) {
        const res = await generate(withLogo(png), auth);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(uploadMessages.logoDamaged);
      }
      const res = await generate(withImage('chart.png', PNG_CORRUPT_ZLIB), auth);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(uploadMessages.imageDamaged('chart.png'));
    });
    // The process is still serving.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/reports', headers: auth })).statusCode).toBe(
      200,
    );
  });

  it('refuses a 16000 × 16000 decompression bomb (995 KB) from its header, before decoding a pixel', async () => {
    const { auth } = await ctx.signUp();
    expect(bomb.length).toBeLessThan(ctx.config.UPLOAD_MAX_LOGO_BYTES);
    await leavesNothing(async () => {
      const logo = await generate(withLogo(bomb), auth);
      expect(logo.statusCode).toBe(400);
      expect(logo.json().message).toBe(uploadMessages.logoTooManyPixels(16_000, 16_000, '40 megapixels'));
      const image = await generate(withImage('huge.png', bomb), auth);
      expect(image.statusCode).toBe(400);
      expect(image.json().message).toBe(
        uploadMessages.imageTooManyPixels('huge.png', 16_000, 16_000, '40 megapixels'),
      );
    });
  });

  it('stops an upload flood at the per-user cap of reports being generated, and only for that user', async () => {
    const mallory = await ctx.signUp();
    const alice = await ctx.signUp();
    // Ten uploads at once: exactly three become reports (the check and the insert are one step).
    const results = await Promise.all(
      Array.from({ length: 10 }, () => generate(standardUpload(), mallory.auth)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    for (const r of results.filter((r) => r.statusCode === 429))
      expect(r.json().message).toBe(uploadMessages.tooManyActive(3));
    const rows = await ctx.db.query<{ id: string }>('SELECT id FROM reports WHERE user_id = $1', [
      mallory.id,
    ]);
    expect(rows).toHaveLength(3);
    // Refused uploads left no files: only the three reports' folders exist for this user.
    const accepted = new Set(rows.map((r) => r.id));
    const folders = new Set((await ctx.app.storage.list('reports/')).map((k) => k.split('/')[1]!));
    for (const r of results.filter((r) => r.statusCode === 429))
      expect(folders.has(r.json().report_id)).toBe(false);
    for (const id of accepted) expect(folders.has(id)).toBe(true);
    // Another user is not affected.
    expect((await generate(standardUpload(), alice.auth)).statusCode).toBe(200);
    // Cancelling one frees a place.
    const first = rows[0]!.id;
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/cancel/${first}`, headers: mallory.auth }))
        .statusCode,
    ).toBe(200);
    expect((await generate(standardUpload(), mallory.auth)).statusCode).toBe(200);
  });

  it('keeps each user within their stored bytes: an upload that would overflow is cut off while streaming', async () => {
    const { id, auth } = await ctx.signUp();
    const big = Buffer.alloc(40 * 1024, 7);
    const first = await generate(standardUpload([], big), auth);
    expect(first.statusCode).toBe(200);
    await leavesNothing(async () => {
      const res = await generate(standardUpload([], big), auth);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(
        /^This upload is larger than the \d+ KB of storage your account has left\./,
      );
    });
    // A full account is refused before anything is read.
    await ctx.db.query(`UPDATE reports SET file_sizes = '{"pdf": 65536}'::jsonb WHERE user_id = $1`, [id]);
    await leavesNothing(async () => {
      const res = await generate(standardUpload(), auth);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(
        /^Your reports use \d+ KB of the 64 KB of storage your account has\./,
      );
    });
    // Deleting a report gives the space back.
    await ctx.db.query(`UPDATE reports SET status = 'completed' WHERE user_id = $1`, [id]);
    const row = (await ctx.db.query<{ id: string }>('SELECT id FROM reports WHERE user_id = $1', [id]))[0]!;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/reports/${row.id}`, headers: auth })).statusCode,
    ).toBe(200);
    expect((await generate(standardUpload(), auth)).statusCode).toBe(200);
  });

  it('answers 400, never 500, to a multipart body without a boundary or cut short', async () => {
    const { auth } = await ctx.signUp();
    await leavesNothing(async () => {
      const noBoundary = await ctx.app.inject({
        method: 'POST',
        url: '/api/generate',
        payload: '--x\r\nContent-Disposition: form-data; name="project_name"\r\n\r\nP\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data', ...auth },
      });
      expect(noBoundary.statusCode).toBe(400);
      expect(noBoundary.json().message).toBe(messages.api.badRequest);
      const body = await multipartBody(standardUpload());
      const cut = await ctx.app.inject({
        method: 'POST',
        url: '/api/generate',
        payload: body.payload.subarray(0, Math.floor(body.payload.length / 2)),
        headers: { ...body.headers, ...auth },
      });
      expect(cut.statusCode).toBe(400);
    });
  });
});
