// Public surface of @atr/shared: browser-safe schemas, constants and messages.
export * from './constants.ts';
export * from './messages.ts';
export * from './control-chars.ts';
export * from './linear-text.ts';
export * from './format-price.ts';
export * from './schemas/auth.ts';
export * from './schemas/pricing.ts';
export * from './public-reads.ts';
export * from './schemas/public-config.ts';
export * from './schemas/errors.ts';
export * from './schemas/reports.ts';
export * from './schemas/payments.ts';
export * from './schemas/estimate.ts';
