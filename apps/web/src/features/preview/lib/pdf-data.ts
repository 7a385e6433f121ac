// Turns the preview endpoint's base64 string into PDF bytes, with the error texts of spec §8.
import { messages } from '@atr/shared';

export class PdfDataError extends Error {
  override name = 'PdfDataError';
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/** Accepts a base64 string (optionally a data: URL), an ArrayBuffer or a Uint8Array (spec §5). */
export function toPdfBytes(data: unknown): Uint8Array {
  if (data === null || data === undefined || data === '') throw new PdfDataError(messages.preview.noData);
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (typeof data !== 'string') throw new PdfDataError(messages.preview.invalidType);
  const b64 = data.replace(/^data:application\/pdf;base64,/, '').replace(/\s+/g, '');
  if (b64.length % 4 !== 0 || !BASE64_RE.test(b64)) throw new PdfDataError(messages.preview.invalidBase64);
  let binary: string;
  try {
    binary = atob(b64);
  } catch {
    throw new PdfDataError(messages.preview.invalidBase64);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  if (!(bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46))
    throw new PdfDataError(messages.preview.decodeFailed);
  return bytes;
}

/** Zoom steps of 0.2 between 0.5 and 2, kept free of floating-point drift. */
export function stepZoom(current: number, direction: 1 | -1, min: number, max: number, step: number): number {
  const next = Math.round((current + direction * step) * 100) / 100;
  return Math.min(max, Math.max(min, next));
}
