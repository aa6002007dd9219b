/** Prices, quotes, vouchers and delivery dates. Every amount is integer minor units (cents, groszy). */
export * from './money.ts';
export * from './tables.ts';
export * from './vouchers.ts';
export * from './quote.ts';
export * from './delivery.ts';
export * from './totals.ts';
export * from './tax.ts';
export * from './vat-id.ts';
export * from './leitweg-id.ts';
