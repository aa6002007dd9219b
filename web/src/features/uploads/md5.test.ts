import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Base64 } from './md5.ts';

describe('md5 of upload bytes', () => {
  it('matches the server and storage MD5 for empty, short and multi-block inputs', () => {
    for (const size of [0, 1, 55, 56, 63, 64, 65, 1000, 100_003]) {
      const bytes = randomBytes(size);
      expect(md5Base64(new Uint8Array(bytes)), `size ${size}`).toBe(
        createHash('md5').update(bytes).digest('base64'),
      );
    }
  });
});
