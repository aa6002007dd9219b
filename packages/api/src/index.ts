/**
 * The API contract between the server and the web app: the request and response schemas of `/api/v1` and the
 * error codes either side may name. The server validates with these schemas and documents them as OpenAPI; the
 * web app's types are `z.infer` of the same schemas, so a changed response is a type error in the web build.
 */
export * from './errors.ts';
export * from './schemas/shared.ts';
export * from './schemas/albums.ts';
export * from './schemas/orders.ts';
export * from './schemas/auth.ts';
export * from './schemas/users.ts';
export * from './schemas/blueprints.ts';
export * from './schemas/sticker-link.ts';
export * from './schemas/invitations.ts';
export * from './schemas/images.ts';
export * from './schemas/render-jobs.ts';
export * from './schemas/onboarding.ts';
export * from './schemas/sticker-templates.ts';
export * from './schemas/image-edits.ts';
export * from './schemas/features.ts';
export * from './schemas/support.ts';
export * from './schemas/legal.ts';
export * from './schemas/covers.ts';
export * from './schemas/render-data.ts';
export * from './schemas/album-previews.ts';
export * from './schemas/stock.ts';
export * from './schemas/dashboard.ts';
export * from './schemas/orders-admin.ts';
export * from './schemas/order-documents.ts';
export * from './schemas/outbox.ts';
export * from './schemas/price-admin.ts';
export * from './schemas/affiliates.ts';
export * from './schemas/account-data.ts';
export * from './schemas/mutations.ts';
