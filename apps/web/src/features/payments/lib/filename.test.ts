// Downloads are saved under the server's file name, with a sensible default.
import { describe, expect, it } from 'vitest';
import { filenameFrom } from './filename.ts';

describe('filenameFrom', () => {
  it('reads the quoted and the plain filename', () => {
    expect(filenameFrom('attachment; filename="sample-app-report.docx"', 'word')).toBe(
      'sample-app-report.docx',
    );
    expect(filenameFrom('attachment; filename=bundle.zip', 'latex')).toBe('bundle.zip');
  });
  it('prefers the UTF-8 filename*', () => {
    expect(
      filenameFrom(`attachment; filename="x.docx"; filename*=UTF-8''caf%C3%A9-report.docx`, 'word'),
    ).toBe('café-report.docx');
  });
  it('falls back to report.docx / report.zip', () => {
    expect(filenameFrom(null, 'word')).toBe('report.docx');
    expect(filenameFrom('attachment', 'latex')).toBe('report.zip');
  });
});
