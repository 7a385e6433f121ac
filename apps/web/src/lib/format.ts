// Display formats shared by every screen: dates (en-US, short month, with time) and file sizes.
import { messages } from '@atr/shared';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "Sep 3, 2025, 02:15 PM"; 'Unknown' when empty, 'Invalid Date' when it cannot be read. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return messages.other.unknownDate;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return messages.other.invalidDate;
  return dateFormat.format(date);
}

const units = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** "1.50 MB": powers of 1024, two decimals, capped at GB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0)
    return messages.other.unknownDate;
  if (bytes === 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  return `${(bytes / 1024 ** exponent).toFixed(2)} ${units[exponent]}`;
}

/** m:ss for countdowns. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'long' });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Infinity],
];

/** "just now", "2 minutes ago", "yesterday", "3 weeks ago"; the exact time goes in a tooltip (`formatDate`). */
export function formatRelativeTime(value: string | number | Date, now = Date.now()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return messages.other.invalidDate;
  let amount = (date.getTime() - now) / 1000;
  // A clock a little ahead of the server's must not say "in 3 seconds".
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return dateFormat.format(date);
}

/** A step's duration: "850 ms", "4.2 s", "12 s", "3 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}
