// The download header built from a user-chosen project name: always one safe header line, with an
// RFC 5987 filename* that keeps non-ASCII names readable.
import { describe, expect, it } from 'vitest';
import { contentDisposition } from './service.ts';

describe('contentDisposition', () => {
  it('keeps plain ASCII names as a single quoted filename', () => {
    expect(contentDisposition('Acme Portal', 'word')).toBe('attachment; filename="Acme-Portal-report.docx"');
    expect(contentDisposition('', 'latex')).toBe('attachment; filename="report-report-latex.zip"');
  });

  it('never lets quotes, CR/LF, separators or semicolons out of the quoted values', () => {
    for (const name of [
      'a"; filename="evil.exe',
      'x\r\nSet-Cookie: a=b',
      '../../etc/passwd',
      'a;b\\c',
      '\u202Egnp.exe',
      'Ünïcödé "q"\r\n;',
    ]) {
      const h = contentDisposition(name, 'word');
      // only printable ASCII in a header value
      expect(
        [...h].every((c) => c >= ' ' && c <= '~'),
        h,
      ).toBe(true);
      const [, plain, star] =
        /^attachment; filename="([A-Za-z0-9._-]+)"(?:; filename\*=UTF-8''([A-Za-z0-9%._~-]+))?$/.exec(h) ??
        [];
      expect(plain, h).toBeDefined();
      if (star !== undefined) {
        const decoded = decodeURIComponent(star);
        expect(decoded).not.toMatch(/["\r\n\\/;\u202E]/);
        expect(decoded.endsWith('-report.docx')).toBe(true);
      }
    }
  });

  it('adds an RFC 5987 filename* that keeps the letters of a non-ASCII project name', () => {
    const h = contentDisposition('日本語 Café', 'word');
    expect(h).toBe(
      `attachment; filename="Cafe-report.docx"; filename*=UTF-8''${encodeURIComponent('日本語 Café-report.docx')}`,
    );
    expect(contentDisposition('Ελληνικά', 'latex')).toBe(
      `attachment; filename="report-report-latex.zip"; filename*=UTF-8''${encodeURIComponent('Ελληνικά-report-latex.zip')}`,
    );
  });
});
