/**
 * Id generation. Ids are short random strings from a URL- and path-safe alphabet, because they appear as
 * segments of patch paths (`/nodes/<id>/props/x`) and in URLs. `globalThis.crypto` exists in Node 20 and in
 * every browser we support, so the model needs no Node or DOM import.
 */

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ID_LENGTH = 16;

/** Ids the patch layer accepts: 1 to 64 characters of letters, digits, `_` and `-`. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

function randomSource(): RandomSource {
  const source = (globalThis as unknown as { crypto?: RandomSource }).crypto;
  if (!source?.getRandomValues) throw new Error('globalThis.crypto.getRandomValues is not available');
  return source;
}

/** A fresh random id: 16 base-62 characters (about 95 bits). */
export function createId(): string {
  // 248 is the largest multiple of 62 below 256; rejecting bytes above it keeps the distribution uniform.
  let id = '';
  while (id.length < ID_LENGTH) {
    const bytes = randomSource().getRandomValues(new Uint8Array(ID_LENGTH * 2));
    for (const byte of bytes) {
      if (byte < 248 && id.length < ID_LENGTH) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

/**
 * Names that must never be used as an id or key, because writing them into a plain object would reach
 * `Object.prototype` (prototype pollution) or shadow its methods: `__proto__`, `constructor`, `toString`, ...
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  'prototype',
]);

export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value) && !RESERVED_KEYS.has(value);
}

/** A function that makes ids; operations take one so tests and fixtures can be deterministic. */
export type IdFactory = () => string;

/** Deterministic ids `prefix1`, `prefix2`, ... for fixtures and tests. */
export function sequentialIds(prefix = 'id'): IdFactory {
  let next = 0;
  return () => `${prefix}${++next}`;
}
