// The estimate's shape and the line the upload form shows (pure, so it is testable without a browser).
import { EstimateSchema, type Estimate } from '@atr/shared';

export { EstimateSchema, type Estimate };

/**
 * One line for the form: "About 120,000 tokens on gpt-4o-mini (≈ $0.03) for 9 sections." and, when
 * the budget shapes the work, what it leaves out; generation never stops for its size.
 */
export function describeEstimate(e: Estimate): string | null {
  if (!e.enabled) return null;
  const tokens = Math.round(e.totalTokens / 1000) * 1000;
  const cost =
    e.costUsd === null
      ? 'no price known for this model'
      : `≈ $${e.costUsd < 0.01 ? e.costUsd.toFixed(4) : e.costUsd.toFixed(2)}`;
  const r = e.reading;
  const share = r && r.files ? Math.round(((r.full + r.signatures) / r.files) * 100) : 100;
  const offline = e.offlineSections ?? 0;
  const budget =
    share < 100 || offline
      ? ` Within the budget of ${e.budgetTokens.toLocaleString('en')} tokens the model reads about ${share}% of the source files in full or as signatures${offline ? ` and ${offline} ${offline === 1 ? 'section is' : 'sections are'} written without it` : ''}.`
      : '';
  const basis =
    e.basis === 'typical'
      ? ' This assumes a typical code base; choose the code base for a figure that rests on its files.'
      : e.basis === 'archive-size'
        ? ' This rests on the archive’s size; its file list could not be read.'
        : '';
  return `About ${tokens.toLocaleString('en')} tokens on ${e.model} (${cost}) for ${e.sections} sections.${budget}${basis}`;
}
