export { PexelsClient, type PexelsClientOptions } from './pexels-client.ts';
export * from './stock-provider.ts';
export { TtlCache } from './ttl-cache.ts';
