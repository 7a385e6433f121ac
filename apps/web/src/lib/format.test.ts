import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatDuration, formatFileSize, formatRelativeTime } from './format.ts';

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

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('says "just now" for under 45 seconds, either side', () => {
    expect(formatRelativeTime(now - 30_000, now)).toBe('just now');
    expect(formatRelativeTime(now + 10_000, now)).toBe('just now');
  });
  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime(now - 2 * 60_000, now)).toBe('2 minutes ago');
    expect(formatRelativeTime(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(formatRelativeTime(now - 86_400_000, now)).toBe('yesterday');
    expect(formatRelativeTime(new Date(now - 3 * 86_400_000).toISOString(), now)).toBe('3 days ago');
  });
});

describe('formatDuration', () => {
  it('writes ms, tenths of seconds, seconds, then minutes', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(4_240)).toBe('4.2 s');
    expect(formatDuration(12_400)).toBe('12 s');
    expect(formatDuration(185_000)).toBe('3 min 5 s');
  });
});
