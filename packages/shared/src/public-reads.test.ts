import { describe, expect, it } from 'vitest';
import { PricingParser, PublicConfigParser } from './public-reads.ts';
import { PricingSchema } from './schemas/pricing.ts';
import { PublicConfigSchema } from './schemas/public-config.ts';

const price = { amount: 499, currency: 'eur', label: 'Word', description: 'Editable Word document' };
const pricing = { word: price, latex: { ...price, amount: 799, label: 'LaTeX' }, test_mode: true };
const config = {
  operator: {
    name: 'ATR S.r.l.',
    address: 'Via Roma 1',
    vat: 'IT123',
    email: 'a@b.c',
    phone: '+39',
    contactUrl: 'https://x',
  },
  links: { about: 'https://a', contact: 'https://c' },
  aiProvider: 'offline',
  limits: {
    zipBytes: 1024,
    templateBytes: 256,
    templateHeadings: 300,
    logoBytes: 5,
    imageBytes: 10,
    images: 0,
  },
};

/** Every way of breaking a value one field at a time: wrong types, missing fields, nulls. */
function variants(value: Record<string, unknown>): unknown[] {
  const out: unknown[] = [null, [], 'x', 1, {}];
  for (const [key, v] of Object.entries(value)) {
    for (const bad of [undefined, null, 'x', 1.5, -1, true, [], {}]) out.push({ ...value, [key]: bad });
    if (v && typeof v === 'object')
      for (const inner of variants(v as Record<string, unknown>)) out.push({ ...value, [key]: inner });
  }
  return out;
}

describe('zod-free parsers of the public reads', () => {
  it('read valid answers exactly as the zod schemas do, extra fields dropped', () => {
    expect(PricingParser.parse({ ...pricing, extra: 1 })).toEqual(
      PricingSchema.parse({ ...pricing, extra: 1 }),
    );
    expect(PublicConfigParser.parse(config)).toEqual(PublicConfigSchema.parse(config));
  });

  it('refuse what the zod schemas refuse and accept what they accept', () => {
    for (const input of variants(pricing)) {
      const zod = PricingSchema.safeParse(input).success;
      let ours = true;
      try {
        PricingParser.parse(input);
      } catch {
        ours = false;
      }
      expect(ours, JSON.stringify(input)).toBe(zod);
    }
    for (const input of variants(config)) {
      const zod = PublicConfigSchema.safeParse(input).success;
      let ours = true;
      try {
        PublicConfigParser.parse(input);
      } catch {
        ours = false;
      }
      expect(ours, JSON.stringify(input)).toBe(zod);
    }
  });
});
