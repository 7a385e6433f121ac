// GET /api/pricing: the server's one price table; every screen falls back to the default prices when it fails.
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CURRENCY,
  DEFAULT_PRICES_CENTS,
  PricingParser,
  formatPrice,
  type Format,
  type Pricing,
} from '@atr/shared';
import { api } from './api.ts';

// Read by the landing page: a zod-free parser, so the first visit downloads no zod (decision 022).
export const getPricing = () => api.request('/pricing', PricingParser);

export const pricingQueryOptions = () =>
  queryOptions({ queryKey: ['pricing'], queryFn: getPricing, staleTime: 5 * 60_000 });

export const fallbackPricing: Pricing = {
  word: {
    amount: DEFAULT_PRICES_CENTS.word,
    currency: CURRENCY,
    label: 'Word',
    description: 'Editable Microsoft Word document (.docx)',
  },
  latex: {
    amount: DEFAULT_PRICES_CENTS.latex,
    currency: CURRENCY,
    label: 'LaTeX',
    description: 'LaTeX source bundle ready to compile',
  },
  test_mode: false,
};

/** Prices to show: the server's once loaded, the defaults while loading or when the call failed. */
export function usePricing() {
  const query = useQuery(pricingQueryOptions());
  const pricing = query.data ?? fallbackPricing;
  return {
    pricing,
    isLoading: query.isLoading,
    isFallback: !query.data,
    price: (format: Format) => formatPrice(pricing[format].amount, pricing[format].currency),
  };
}
