// Zod-free parsers of the two answers every public page reads (GET /api/pricing, GET /api/config), so the landing
// page loads without zod. They accept exactly what PricingSchema and PublicConfigSchema accept (public-reads.test.ts
// checks both on the same inputs); the server still answers through those schemas.
import type { Pricing } from './schemas/pricing.ts';
import type { PublicConfig } from './schemas/public-config.ts';

type Fields = Record<string, unknown>;

function record(value: unknown, where: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError(`${where}: expected an object`);
  return value as Fields;
}

function text(o: Fields, key: string, where: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new TypeError(`${where}.${key}: expected a string`);
  return v;
}

function price(value: unknown, where: string): Pricing['word'] {
  const o = record(value, where);
  const amount = o.amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0)
    throw new TypeError(`${where}.amount: expected a whole number of cents`);
  return {
    amount,
    currency: text(o, 'currency', where),
    label: text(o, 'label', where),
    description: text(o, 'description', where),
  };
}

/** GET /api/pricing, as PricingSchema reads it. */
export const PricingParser = {
  parse(data: unknown): Pricing {
    const o = record(data, 'pricing');
    if (typeof o.test_mode !== 'boolean') throw new TypeError('pricing.test_mode: expected a boolean');
    return {
      word: price(o.word, 'pricing.word'),
      latex: price(o.latex, 'pricing.latex'),
      test_mode: o.test_mode,
    };
  },
};

function count(o: Fields, key: string, where: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
    throw new TypeError(`${where}.${key}: expected a whole number`);
  return v;
}

/** GET /api/config, as PublicConfigSchema reads it. */
export const PublicConfigParser = {
  parse(data: unknown): PublicConfig {
    const o = record(data, 'config');
    const operator = record(o.operator, 'config.operator');
    const links = record(o.links, 'config.links');
    const op = (key: string) => text(operator, key, 'config.operator');
    const limits = record(o.limits, 'config.limits');
    const limit = (key: string) => count(limits, key, 'config.limits');
    return {
      operator: {
        name: op('name'),
        address: op('address'),
        vat: op('vat'),
        email: op('email'),
        phone: op('phone'),
        contactUrl: op('contactUrl'),
      },
      links: { about: text(links, 'about', 'config.links'), contact: text(links, 'contact', 'config.links') },
      aiProvider: text(o, 'aiProvider', 'config'),
      limits: {
        zipBytes: limit('zipBytes'),
        templateBytes: limit('templateBytes'),
        templateHeadings: limit('templateHeadings'),
        logoBytes: limit('logoBytes'),
        imageBytes: limit('imageBytes'),
        images: limit('images'),
      },
    };
  },
};
