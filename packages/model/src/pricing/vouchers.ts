/**
 * Voucher rules (SPEC §4 voucher status, §5/§8 voucher messages). A voucher is checked against the order's net
 * amount including shipping, before any discount; the statuses are checked in the order a customer can act on:
 * unknown code, outside its active window, used up, order too small.
 */
import type { Currency } from './money.ts';
import type { Voucher } from './tables.ts';

export const VOUCHER_STATUSES = ['valid', 'invalid', 'inactive', 'taken', 'below_minimum_amount'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export interface VoucherResult {
  code: string;
  status: VoucherStatus;
  /** Minor units taken off the net amount; 0 unless valid. */
  discount: number;
}

/** Codes are compared trimmed and case-insensitively: customers type them from print. */
export function normalizeVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

function findVoucher(vouchers: readonly Voucher[], code: string): Voucher | undefined {
  const wanted = normalizeVoucherCode(code);
  return vouchers.find((voucher) => normalizeVoucherCode(voucher.code) === wanted);
}

function voucherStatus(
  voucher: Voucher | undefined,
  context: { currency: Currency; subtotal: number; now: Date },
): VoucherStatus {
  // A voucher of another price list is as unknown to this order as a mistyped code.
  if (!voucher || (voucher.currency !== null && voucher.currency !== context.currency)) return 'invalid';
  const now = context.now.getTime();
  if (voucher.startsAt && now < voucher.startsAt.getTime()) return 'inactive';
  if (voucher.endsAt && now >= voucher.endsAt.getTime()) return 'inactive';
  if (voucher.maxUses !== null && voucher.uses >= voucher.maxUses) return 'taken';
  if (context.subtotal < voucher.minimumAmount) return 'below_minimum_amount';
  return 'valid';
}

/** The discount of a valid voucher, never more than the amount it applies to. */
export function voucherDiscount(voucher: Voucher, subtotal: number): number {
  const raw = voucher.kind === 'fixed' ? voucher.value : Math.trunc((subtotal * voucher.value) / 10_000);
  return Math.max(0, Math.min(subtotal, raw));
}

export function applyVoucher(
  vouchers: readonly Voucher[],
  code: string,
  context: { currency: Currency; subtotal: number; now: Date },
): VoucherResult {
  const voucher = findVoucher(vouchers, code);
  const status = voucherStatus(voucher, context);
  const discount = status === 'valid' && voucher ? voucherDiscount(voucher, context.subtotal) : 0;
  return { code: normalizeVoucherCode(code), status, discount };
}
