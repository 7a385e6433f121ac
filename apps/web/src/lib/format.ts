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
