import { describe, expect, it } from 'vitest';
import { CONSENT_REVISION, needsConsent } from './consent.ts';

const decided = {
  revision: CONSENT_REVISION,
  necessary: true as const,
  analytics: false,
  decidedAt: '2026-01-01',
};

describe('cookie consent', () => {
  it('asks when nothing was decided yet', () => {
    expect(needsConsent(null, '/start')).toBe(true);
  });

  it('never asks on the print renderer or the template preview', () => {
    expect(needsConsent(null, '/render')).toBe(false);
    expect(needsConsent(null, '/render/a1')).toBe(false);
    expect(needsConsent(null, '/blueprint_preview')).toBe(false);
  });

  it('asks again when the stored decision is of an older revision', () => {
    expect(needsConsent({ ...decided, revision: 0 }, '/start')).toBe(true);
    expect(needsConsent(decided, '/start')).toBe(false);
  });
});
