// The browser's own checks of the project ZIP and the template, before any upload.
import { describe, expect, it } from 'vitest';
import { messages, uploadFormMessages, uploadMessages } from '@atr/shared';
import { checkImages, checkLogoSize, checkTemplate, checkZip, lineOf } from './check-files.ts';

const file = (name: string, bytes: string) => new File([Buffer.from(bytes, 'binary')], name);

describe('checkZip', () => {
  it('accepts an archive that starts with a local file header', async () => {
    expect(await checkZip(file('p.zip', 'PK\u0003\u0004rest of the archive'))).toBeNull();
  });
  it('refuses an empty file, an archive with no entries, and a file that is not a ZIP', async () => {
    expect(await checkZip(file('p.zip', ''))).toBe(uploadFormMessages.zipEmptyFile);
    expect(await checkZip(file('p.zip', 'PK\u0005\u0006' + '\u0000'.repeat(18)))).toBe(
      uploadFormMessages.zipNoFiles,
    );
    expect(await checkZip(file('p.zip', 'this is not a zip archive'))).toBe(uploadFormMessages.zipNotZip);
    expect(await checkZip(file('p.zip', 'PK'))).toBe(uploadFormMessages.zipNotZip);
  });
  it('refuses a name without .zip and a file over the limit', async () => {
    expect(await checkZip(file('notes.txt', 'PK\u0003\u0004'))).toBe(messages.validation.zipType);
    expect(await checkZip(file('big.zip', 'PK\u0003\u0004' + 'x'.repeat(100)), 50)).toMatch(
      /larger than the 50\.00 Bytes limit/,
    );
  });
});

describe('checkTemplate', () => {
  it('reads a good template and counts its chapters', async () => {
    const t = file('t.yaml', 'report_structure:\n  - title: Intro\n  - title: Design\n');
    expect(await checkTemplate(t)).toEqual({ ok: true, chapters: 2 });
  });
  it("refuses a bad one with the server's message and its line", async () => {
    const t = file('t.yaml', 'report_structure:\n  - title: Intro\n  - sections: [a]\n');
    const result = await checkTemplate(t);
    expect(result).toMatchObject({ ok: false, line: 3 });
    expect(!result.ok && result.message).toMatch(/^Line 3: chapter 2 needs a title/);
    expect(await lineOf(t, 3)).toBe('  - sections: [a]');
  });
  it('refuses a template that is not YAML by its name', async () => {
    expect(await checkTemplate(file('t.json', '{}'))).toEqual({
      ok: false,
      message: messages.validation.templateType,
      line: null,
    });
  });
});

describe("the operator's limits", () => {
  const limits = { templateBytes: 2048, templateHeadings: 3, logoBytes: 10, imageBytes: 10, images: 2 };
  it("refuse a template over the configured size or heading count, in the server's words", async () => {
    expect(await checkTemplate(file('t.yaml', '#'.repeat(3000)), limits)).toEqual({
      ok: false,
      message: uploadMessages.templateTooLarge('2 KB'),
      line: null,
    });
    const four = file('t.yaml', 'report_structure:\n  - title: A\n    sections: [b, c, d]\n');
    const refused = await checkTemplate(four, limits);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/4 headings.*3/);
    // the same template passes under the default limit
    expect(await checkTemplate(four)).toEqual({ ok: true, chapters: 1 });
  });
  it('refuse a logo or an image over the size limit and more images than allowed', () => {
    expect(checkLogoSize(file('logo.png', 'x'.repeat(11)), limits)).toBe(uploadMessages.logoTooLarge('0 KB'));
    expect(checkLogoSize(file('logo.png', 'x'.repeat(10)), limits)).toBeNull();
    expect(checkImages([file('a.png', 'x'), file('b.png', 'x'.repeat(11))], limits)).toBe(
      uploadMessages.imageTooLarge('b.png', '0 KB'),
    );
    expect(checkImages([file('a.png', 'x'), file('b.png', 'x'), file('c.png', 'x')], limits)).toBe(
      uploadMessages.tooManyImages(2),
    );
    expect(checkImages([file('a.png', 'x')], limits)).toBeNull();
  });
});
