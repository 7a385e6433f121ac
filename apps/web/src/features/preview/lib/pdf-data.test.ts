// Decoding the preview payload and stepping the zoom, with the error texts of spec §8.
import { describe, expect, it } from 'vitest';
import { PREVIEW_ZOOM_MAX, PREVIEW_ZOOM_MIN, PREVIEW_ZOOM_STEP, messages } from '@atr/shared';
import { stepZoom, toPdfBytes } from './pdf-data.ts';

const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');

describe('toPdfBytes', () => {
  it('decodes base64 PDF bytes, also behind a data: prefix', () => {
    expect(new TextDecoder().decode(toPdfBytes(pdf)).startsWith('%PDF-1.4')).toBe(true);
    expect(toPdfBytes(`data:application/pdf;base64,${pdf}`)[0]).toBe(0x25);
  });
  it('passes bytes through', () => {
    const bytes = new Uint8Array([1, 2]);
    expect(toPdfBytes(bytes)).toBe(bytes);
    expect(toPdfBytes(bytes.buffer)).toEqual(bytes);
  });
  it('names each kind of bad input', () => {
    expect(() => toPdfBytes('')).toThrow(messages.preview.noData);
    expect(() => toPdfBytes(null)).toThrow(messages.preview.noData);
    expect(() => toPdfBytes(42)).toThrow(messages.preview.invalidType);
    expect(() => toPdfBytes('not base64!!')).toThrow(messages.preview.invalidBase64);
    expect(() => toPdfBytes(Buffer.from('hello world!').toString('base64'))).toThrow(
      messages.preview.decodeFailed,
    );
  });
});

describe('stepZoom', () => {
  const z = (c: number, d: 1 | -1) => stepZoom(c, d, PREVIEW_ZOOM_MIN, PREVIEW_ZOOM_MAX, PREVIEW_ZOOM_STEP);
  it('moves by 0.2 without drift', () => {
    let v = 1;
    for (let i = 0; i < 3; i++) v = z(v, 1);
    expect(v).toBe(1.6);
  });
  it('stays within 50%..200%', () => {
    expect(z(0.5, -1)).toBe(0.5);
    expect(z(0.6, -1)).toBe(0.5);
    expect(z(2, 1)).toBe(2);
    expect(z(1.8, 1)).toBe(2);
  });
});
