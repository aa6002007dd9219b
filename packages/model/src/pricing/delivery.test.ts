import { describe, expect, it } from 'vitest';
import { dayNumber, deliveryWarning, estimatedDeliveryDate } from './delivery.ts';

describe('estimated delivery date', () => {
  it('is two months after the order day', () => {
    expect(estimatedDeliveryDate(new Date('2026-03-10T23:30:00Z'))).toBe('2026-05-10');
    expect(estimatedDeliveryDate(new Date('2026-11-20T08:00:00Z'))).toBe('2027-01-20');
  });

  it('ends on the last day of a shorter month', () => {
    expect(estimatedDeliveryDate(new Date('2026-12-31T12:00:00Z'))).toBe('2027-02-28');
    expect(estimatedDeliveryDate(new Date('2027-12-31T12:00:00Z'))).toBe('2028-02-29');
  });
});

describe('delivery warning', () => {
  it('warns when the albums arrive on the release day or later', () => {
    expect(deliveryWarning('2026-05-10', '2026-05-10')).toBe(true);
    expect(deliveryWarning('2026-05-10', '2026-05-01')).toBe(true);
  });

  it('stays quiet when the albums arrive at least a day before the release date', () => {
    expect(deliveryWarning('2026-05-10', '2026-05-11')).toBe(false);
    expect(deliveryWarning('2026-05-10', null)).toBe(false);
  });

  it('reads only real calendar days', () => {
    expect(dayNumber('2026-02-30')).toBeUndefined();
    expect(dayNumber('yesterday')).toBeUndefined();
    expect(dayNumber('1970-01-02')).toBe(1);
  });
});
