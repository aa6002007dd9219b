import { describe, expect, it } from 'vitest';
import { variantForZoom } from './variant.ts';

describe('variantForZoom', () => {
  it('uses small below 100 %', () => {
    expect(variantForZoom(0.1)).toBe('small');
    expect(variantForZoom(0.99)).toBe('small');
  });
  it('uses medium from 100 % up to below 500 %', () => {
    expect(variantForZoom(1)).toBe('medium');
    expect(variantForZoom(4.99)).toBe('medium');
  });
  it('uses large from 500 % up to below 1000 %', () => {
    expect(variantForZoom(5)).toBe('large');
    expect(variantForZoom(9.99)).toBe('large');
  });
  it('uses full from 1000 % on', () => {
    expect(variantForZoom(10)).toBe('full');
    expect(variantForZoom(100)).toBe('full');
  });
});
