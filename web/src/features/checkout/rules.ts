import {
  checkVatId,
  checkoutFormErrors,
  checkoutProductErrors,
  organizationFieldFor,
  postcodeExample,
  type CheckoutErrors,
  type CheckoutFieldError,
} from '@stickerbook/model';
import type { TFunction } from 'i18next';
import type { CheckoutForm } from './formState.ts';

export type { CheckoutErrors };

/** Which organisation the category asks for: company for business, club for sports, none for weddings. */
export const organizationKind = organizationFieldFor;

/** Today in the customer's time zone as 'YYYY-MM-DD' (the event may be today, not earlier). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface RuleContext {
  category: string | null | undefined;
  featureKeys: readonly string[];
}

/** packages/model's SPEC §5 rules for the product step (what must hold to go on to the contact step). */
export function productErrors(form: CheckoutForm, context: RuleContext): CheckoutErrors {
  return checkoutProductErrors(form, { ...context, today: localToday() });
}

/**
 * The VAT id is asked of a company or organisation order (issue 21 §4): the company and club fields, or the
 * optional organisation once it is filled in. Weddings have no organisation, and no VAT id.
 */
export function showsVatId(category: string | null | undefined, organization: string): boolean {
  const kind = organizationFieldFor(category);
  return kind === 'company' || kind === 'club' || (kind === 'optional' && organization.trim() !== '');
}

/** The Leitweg-ID is asked wherever an organisation may be named (schools, authorities, clubs). */
export function showsBuyerReference(category: string | null | undefined): boolean {
  return organizationFieldFor(category) !== 'hidden';
}

/** Every rule of the form, as the server checks it on submit; hidden fields are not sent, so not checked. */
export function formErrors(form: CheckoutForm, context: RuleContext): CheckoutErrors {
  const hidden = organizationFieldFor(context.category) === 'hidden';
  return checkoutFormErrors(
    {
      ...form,
      organization: hidden ? '' : form.organization,
      vatId: showsVatId(context.category, form.organization) ? form.vatId : '',
      buyerReference: showsBuyerReference(context.category) ? form.buyerReference : '',
    },
    { ...context, today: localToday() },
  );
}

/**
 * The VAT id the live quote is asked about: only a shown one that passes the model's check, so typing never
 * makes the quote fail; the summary then shows the treatment the order will get.
 */
export function quotedVatId(form: CheckoutForm, category: string | null | undefined): string | undefined {
  const vatId = form.vatId.trim();
  if (vatId === '' || !showsVatId(category, form.organization)) return undefined;
  const checked = checkVatId(vatId, form.countryCode);
  return checked.ok ? checked.vatId : undefined;
}

/** The text of a rule's code beside its field; a missing required field names itself. */
export function ruleMessage(
  t: TFunction,
  field: string,
  code: CheckoutFieldError,
  context: { countryCode?: string } = {},
): string {
  if (code === 'FIELD_REQUIRED') {
    const specific = `errors.checkout.required.${field}`;
    return t(specific, { defaultValue: t('errors.codes.FIELD_REQUIRED') });
  }
  return t(`errors.codes.${code}`, { example: postcodeExample(context.countryCode ?? '') });
}

/** Server 422 `details.fields` (`[{ field, message }]`) as messages per form field. */
export function serverFieldMessages(details: unknown): Record<string, string> {
  const fields = (details as { fields?: unknown } | undefined)?.fields;
  const messages: Record<string, string> = {};
  if (!Array.isArray(fields)) return messages;
  for (const item of fields as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof item.field !== 'string' || typeof item.message !== 'string') continue;
    messages[FIELD_ALIASES[item.field] ?? item.field] ??= item.message;
  }
  return messages;
}

// The quote's query names a few fields in snake case.
const FIELD_ALIASES: Record<string, string> = {
  no_albums: 'noAlbums',
  country_code: 'countryCode',
  sticker_packaging_type: 'stickerPackagingType',
  order_features: 'orderFeatures',
  voucher_code: 'voucherCode',
  vat_id: 'vatId',
  buyer_reference: 'buyerReference',
};
