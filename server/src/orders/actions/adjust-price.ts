/**
 * Staff set an order's amount by hand (SPEC §7 PATCH /orders/{id} `amount`, `amount_gross`): a price agreed with
 * the customer. The lines keep their frozen prices; the difference becomes the order's price adjustment, a signed
 * net amount the one totals function adds after the voucher, so the net, the VAT (half up, on the net) and the
 * gross agree to the cent and the invoice shows it as its own line or allowance (order-invoice-data.ts).
 *
 * `amount` is the net; `amount_gross` is reached through the net whose gross it is. Some gross amounts cannot be
 * reached at a rate (one cent more net may add two cents gross): 422 names the reachable ones beside it. Invoiced
 * content, so refused while an invoice stands (invoice-freeze.ts); recorded as a change on the timeline.
 */
import { netForGross, type Currency } from '@stickerbook/model';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { Language, Translations } from '../../i18n/languages.ts';
import { assertNotInvoiced } from '../invoice-freeze.ts';
import type { OrderChange } from '../order-changes.ts';
import { applyOrderTotals } from '../order-totals.ts';
import type { OrderRow } from '../repository.ts';
import { formatMoney } from '../../i18n/format.ts';

export interface PriceTarget {
  amount?: number;
  amount_gross?: number;
}

const UNREACHABLE: Translations<(gross: string, below: string, above: string) => string> = {
  de: (gross, below, above) =>
    `${gross} ergibt sich aus keinem Nettobetrag mit der Umsatzsteuer dieser Bestellung. Möglich sind ${below} oder ${above}.`,
  en: (gross, below, above) =>
    `No net amount gives ${gross} with this order's VAT. ${below} or ${above} are possible.`,
  fr: (gross, below, above) =>
    `Aucun montant HT ne donne ${gross} avec la TVA de cette commande. ${below} ou ${above} sont possibles.`,
  it: (gross, below, above) =>
    `Nessun importo netto dà ${gross} con l'IVA di questo ordine. Sono possibili ${below} o ${above}.`,
  pl: (gross, below, above) =>
    `Żadna kwota netto nie daje ${gross} przy VAT tego zamówienia. Możliwe są ${below} lub ${above}.`,
};

const BOTH: Translations<string> = {
  de: 'Gib entweder den Nettobetrag oder den Gesamtbetrag an, nicht beide.',
  en: 'Give either the net amount or the total, not both.',
  fr: 'Indiquez soit le montant HT, soit le total TTC, pas les deux.',
  it: "Indica l'importo netto oppure il totale, non entrambi.",
  pl: 'Podaj kwotę netto albo kwotę brutto, nie obie.',
};

/**
 * Sets the order's net to the target inside the caller's transaction (the order row is locked). `tax` is the
 * treatment the same edit sets (a new VAT id): the gross is reached at its rate, and the order's totals are
 * computed once, with both.
 */
export async function adjustPrice(
  tx: Tx,
  order: OrderRow,
  target: PriceTarget,
  language: Language,
  tax?: Parameters<typeof applyOrderTotals>[2],
): Promise<{ order: OrderRow; changes: OrderChange[] }> {
  if (target.amount !== undefined && target.amount_gross !== undefined)
    throw new AppError(422, 'AMOUNT_AND_GROSS_GIVEN', BOTH[language]);
  await assertNotInvoiced(tx, order.id, language);
  const vatBasisPoints = tax?.vatBasisPoints ?? order.vatBasisPoints;
  const net = target.amount ?? netFor(target.amount_gross!, { ...order, vatBasisPoints }, language);
  // The net without today's adjustment is what the lines, shipping and voucher give; the adjustment closes the gap.
  const priceAdjustment = order.priceAdjustment + (net - order.amount);
  const [adjusted] = await tx
    .update(orders)
    .set({ priceAdjustment })
    .where(eq(orders.id, order.id))
    .returning();
  const totals = await applyOrderTotals(tx, adjusted!, tax);
  return {
    order: totals.order,
    changes: [
      { field: 'price_adjustment', from: order.priceAdjustment, to: totals.order.priceAdjustment },
      ...totals.changes,
    ],
  };
}

function netFor(gross: number, order: OrderRow, language: Language): number {
  const found = netForGross(gross, order.vatBasisPoints);
  if (found.net !== null) return found.net;
  const money = (amount: number) => formatMoney(amount, order.currency as Currency, language);
  const [below, above] = found.nearest;
  throw new AppError(
    422,
    'AMOUNT_GROSS_UNREACHABLE',
    UNREACHABLE[language](money(gross), money(below), money(above)),
    {
      nearest: found.nearest,
    },
  );
}
