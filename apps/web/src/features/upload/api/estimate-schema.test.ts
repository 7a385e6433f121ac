// The estimate line the upload form shows.
import { describe, expect, it } from 'vitest';
import { describeEstimate, EstimateSchema } from './estimate-schema.ts';

const base = {
  enabled: true as const,
  provider: 'openai',
  model: 'gpt-4o-mini',
  sections: 9,
  roles: {},
  inputTokens: 100_000,
  outputTokens: 23_456,
  totalTokens: 123_456,
  costUsd: 0.0312,
  budgetTokens: 400_000,
  withinBudget: true,
};

describe('describeEstimate', () => {
  it('rounds tokens and prices the report', () => {
    expect(describeEstimate(EstimateSchema.parse(base))).toBe(
      'About 123,000 tokens on gpt-4o-mini (≈ $0.03) for 9 sections.',
    );
  });
  it('says when no price is known and what the budget leaves out', () => {
    const reading = { full: 10, signatures: 30, names: 20, none: 40, files: 100 };
    expect(
      describeEstimate({ ...base, costUsd: null, totalTokens: 399_400, reading, offlineSections: 2 }),
    ).toBe(
      'About 399,000 tokens on gpt-4o-mini (no price known for this model) for 9 sections. Within the budget of 400,000 tokens the model reads about 40% of the source files in full or as signatures and 2 sections are written without it.',
    );
  });
  it('says when the figure does not rest on the code base’s files', () => {
    expect(describeEstimate({ ...base, basis: 'typical' })).toBe(
      'About 123,000 tokens on gpt-4o-mini (≈ $0.03) for 9 sections. This assumes a typical code base; choose the code base for a figure that rests on its files.',
    );
    expect(describeEstimate({ ...base, basis: 'listing' })).toBe(
      'About 123,000 tokens on gpt-4o-mini (≈ $0.03) for 9 sections.',
    );
  });
  it('shows nothing when the agents run offline', () => {
    expect(describeEstimate(EstimateSchema.parse({ enabled: false, provider: 'offline' }))).toBeNull();
  });
});
