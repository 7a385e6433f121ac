// Property tests of the text the writers receive (model and repository text): escaping into LaTeX,
// cleaning for Word's XML, markdown table cells and clipped sentences, PDF line-break pieces. Each
// call stays within the bound on hostile text, and each keeps its promise.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinLines } from '@atr/shared';
import { CALL_BOUND_MS, hostileText, outcome } from '@atr/shared/testing';
import { cell, clipSentences } from '../agents/writers/markdown.ts';
import { xmlSafe } from './docx/handlers.ts';
import { tex, texCode, texLabel, texUrl, verbatimSafe } from './latex/escape.ts';
import { pathPieces } from './pdf/layout.ts';

const within = <T>(work: () => T): T => {
  const { ms, value, error } = outcome(work);
  expect(ms).toBeLessThan(CALL_BOUND_MS);
  if (error !== undefined) throw error;
  return value as T;
};

describe('writer text under generated and hostile input', () => {
  // the first calls compile the code and load tables; the bound is for a warm process
  beforeAll(() => {
    const warm = `Warm \u0011 text | with (a) "quote" and a/path/name.ts. ${'x'.repeat(2000)}\n`;
    for (let i = 0; i < 5; i++)
      for (const f of [tex, texCode, verbatimSafe, texUrl, texLabel, xmlSafe, cell, pathPieces, joinLines])
        f(warm);
  });

  it('escapes, cleans and splits any text within the bound, keeping each promise', () => {
    fc.assert(
      // a writer gets one paragraph, cell or code block at a time: up to 10,000 characters here
      fc.property(
        hostileText.map((t) => t.slice(0, 10_000)),
        fc.integer({ min: 20, max: 400 }),
        (text, max) => {
          within(() => tex(text));
          within(() => texCode(text));
          within(() => verbatimSafe(text));
          within(() => texUrl(text));
          within(() => texLabel(text));
          // Word refuses these control characters and lone surrogates
          // eslint-disable-next-line no-control-regex -- the characters under test
          expect(within(() => xmlSafe(text))).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
          // a cell keeps its row: no line breaks, and every pipe escaped
          const c = within(() => cell(text));
          expect(c).not.toMatch(/[\r\n]/);
          expect(c.replace(/\\\\/g, '').replace(/\\\|/g, '')).not.toContain('|');
          expect(within(() => clipSentences(text, max)).length).toBeLessThanOrEqual(
            Math.max(max, text.length <= max ? text.length : max),
          );
          // pieces split the text without losing or adding a character
          expect(within(() => pathPieces(text)).join('')).toBe(text);
          expect(within(() => joinLines(text))).not.toMatch(/\n/);
        },
      ),
      { numRuns: 120 },
    );
  });
});
