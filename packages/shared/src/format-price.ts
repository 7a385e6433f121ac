// How the product writes a price, kept apart from the zod schemas so a page that only shows prices loads no zod.

/** Formats a price in cents as the product shows it: "4.99 EUR". */
export function formatPrice(cents: number, currency = 'eur'): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}
