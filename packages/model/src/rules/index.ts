/** Validation rules shared by the server and the web app. Each returns error codes, never text. */
export * from './album.ts';
export * from './comments.ts';
export * from './contact.ts';
export * from './organization.ts';
export * from './section.ts';
export * from './sticker.ts';
export * from './checkout.ts';
export * from './preflight.ts';
export * from './postcode.ts';
