// What a model reads of the cited code: excerpts around each cited line or range.

import { describe, expect, it } from 'vitest';
import { SAMPLE_APP_DIR, sampleAppAnalysis, workspaceFor } from '../test-fixtures.ts';
import { snippets } from './evidence.ts';

const a = sampleAppAnalysis();
const ws = workspaceFor(a, SAMPLE_APP_DIR);
const tokens = (t: string) => t.length;

describe('evidence excerpts', () => {
  it('reads a cited line with its surroundings and a cited range whole', async () => {
    const finding = { statement: 'Loans.', citations: ['src/routes/loans.ts:5', 'src/routes/books.ts:3-9'] };
    const [line, range] = await snippets([finding], ws, a, 10_000, tokens, 1);
    expect(line).toMatch(/^FILE src\/routes\/loans\.ts \(lines 4-6\)/);
    expect(range).toMatch(/^FILE src\/routes\/books\.ts \(lines 2-10\)/);
  });
});
