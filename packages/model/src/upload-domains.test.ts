import { describe, expect, it } from 'vitest';
import { isAllowedUploadUrl, UPLOAD_DOMAINS } from './constants.ts';

describe('upload domains (SPEC §9 allow-list)', () => {
  it('allows https URLs on the stock photo CDN', () => {
    expect(UPLOAD_DOMAINS).toContain('images.pexels.com');
    expect(isAllowedUploadUrl('https://images.pexels.com/photos/1/pexels-photo-1.jpeg?auto=compress')).toBe(
      true,
    );
    expect(isAllowedUploadUrl('https://IMAGES.pexels.com/photos/1.jpeg')).toBe(true);
  });

  it('refuses other hosts, other schemes and hosts dressed up with user info', () => {
    expect(isAllowedUploadUrl('https://evil.example/photo.jpeg')).toBe(false);
    expect(isAllowedUploadUrl('http://images.pexels.com/photos/1.jpeg')).toBe(false);
    expect(isAllowedUploadUrl('https://images.pexels.com@evil.example/photo.jpeg')).toBe(false);
    expect(isAllowedUploadUrl('https://images.pexels.com.evil.example/photo.jpeg')).toBe(false);
    expect(isAllowedUploadUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedUploadUrl('')).toBe(false);
  });
});
