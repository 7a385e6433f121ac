// The download's file name as the server sends it in Content-Disposition (RFC 6266).
import type { Format } from '@atr/shared';

/** The file name from Content-Disposition (RFC 6266, filename* preferred), else report.{docx|zip}. */
export function filenameFrom(disposition: string | null, format: Format): string {
  const fallback = format === 'word' ? 'report.docx' : 'report.zip';
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}
