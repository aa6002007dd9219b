/** Prices, quotes, vouchers and delivery dates. Every amount is integer minor units (cents, groszy). */
export * from './money.ts';
export * from './tables.ts';
export * from './vouchers.ts';
export * from './quote.ts';
export * from './delivery.ts';
export * from './totals.ts';
export * from './tax.ts';
