import { describe, expect, it } from 'vitest';
import { analyticsMetadataFrom } from '../wizard/wizardRules.ts';
import { affiliateLink } from './affiliateLink.ts';

describe('affiliate link', () => {
  it('carries the partner source and audience as marketing parameters the wizard sends with the album', () => {
    const link = affiliateLink('https://example.com', 'studio-nord-1a2b3c4d', 'wedding');
    expect(link).toBe(
      'https://example.com/album/new?utm_source=studio-nord-1a2b3c4d&utm_medium=affiliate&entrypoint=wedding',
    );
    expect(analyticsMetadataFrom(new URL(link).search)).toEqual({
      utm_source: 'studio-nord-1a2b3c4d',
      utm_medium: 'affiliate',
      entrypoint: 'wedding',
    });
  });
});
