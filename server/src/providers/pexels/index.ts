export { PexelsClient } from './pexels-client.ts';
export * from './stock-provider.ts';
