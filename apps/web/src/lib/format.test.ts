import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatFileSize } from './format.ts';

describe('formatDate', () => {
  it('writes en-US short month with time', () => {
    const out = formatDate(new Date(2025, 8, 3, 14, 5));
    expect(out).toMatch(/^Sep 3, 2025, 02:05\sPM$/);
  });
  it('accepts ISO strings', () => {
    expect(formatDate('2024-08-09T10:00:00')).toMatch(/^Aug 9, 2024, 10:00\sAM$/);
  });
  it("says 'Unknown' for empty and 'Invalid Date' for bad values", () => {
    expect(formatDate('')).toBe('Unknown');
    expect(formatDate(null)).toBe('Unknown');
    expect(formatDate(undefined)).toBe('Unknown');
    expect(formatDate('not a date')).toBe('Invalid Date');
  });
});

describe('formatFileSize', () => {
  it('uses Bytes, KB, MB and GB with two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512.00 Bytes');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.25 GB');
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2048.00 GB');
  });
});

describe('formatCountdown', () => {
  it('writes m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
