/**
 * The database schema, one file per area under `schema/` (users, albums, orders, invoices, ...: the tables of that feature),
 * re-exported here so every query imports one module. `db/` is a floor: these files import each other and
 * packages/model, never a feature folder. drizzle-kit reads `schema/*.ts` (server/drizzle.config.ts).
 */
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/albums.ts';
export * from './schema/invitations.ts';
export * from './schema/blueprints.ts';
export * from './schema/sticker-templates.ts';
export * from './schema/mail.ts';
export * from './schema/support.ts';
export * from './schema/images.ts';
export * from './schema/print.ts';
export * from './schema/accounts.ts';
export * from './schema/stock.ts';
export * from './schema/image-edits.ts';
export * from './schema/sticker-link.ts';
export * from './schema/analytics.ts';
export * from './schema/prices.ts';
export * from './schema/orders.ts';
export * from './schema/invoices.ts';
export * from './schema/affiliates.ts';
