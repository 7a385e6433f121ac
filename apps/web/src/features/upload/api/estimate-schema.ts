// The estimate's shape and the line the upload form shows (pure, so it is testable without a browser).
import { EstimateSchema, type Estimate } from '@atr/shared';

export { EstimateSchema, type Estimate };

/** One line for the form: "About 120,000 tokens on gpt-4o-mini (≈ $0.03), 9 sections." */
export function describeEstimate(e: Estimate): string | null {
  if (!e.enabled) return null;
  const tokens = Math.round(e.totalTokens / 1000) * 1000;
  const cost =
    e.costUsd === null
      ? 'no price known for this model'
      : `≈ $${e.costUsd < 0.01 ? e.costUsd.toFixed(4) : e.costUsd.toFixed(2)}`;
  const budget = e.withinBudget
    ? ''
    : ` This is above the budget of ${e.budgetTokens.toLocaleString('en')} tokens per report, so generation would stop.`;
  return `About ${tokens.toLocaleString('en')} tokens on ${e.model} (${cost}) for ${e.sections} sections.${budget}`;
}
