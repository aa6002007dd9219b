/**
 * The price tables a fresh install starts with (issue 13). Admins change the tables afterwards; the seed only
 * inserts what is missing (ON CONFLICT DO NOTHING), so a changed price is never overwritten on the next start.
 *
 * The starting price of SPEC §2/§9 comes out of these rows: 50 albums with sticker packs to Germany cost
 * 50 x 3,79 € + 50 x 0,80 € + 10,00 € shipping = 239,50 € net; 19 % of it is 45,505 €, rounded half up 45,51 €,
 * so 285,01 € gross (the top bar's "ab 285 €", STARTING_PRICE, stays the rounded figure); the złoty
 * list gives 50 x 16,50 zł + 50 x 3,50 zł + 42,86 zł = 1042,86 zł net, 1241,00 zł gross for a Polish album to Poland.
 */
import { COUNTRIES } from '@stickerbook/model';
import type { Db } from '../db/database.ts';
import {
  orderFeaturePrices,
  orderFeatures,
  priceLists,
  productPrices,
  products,
  shippingRates,
  vatRates,
  vouchers,
  type TranslatedText,
} from '../db/schema.ts';

type Tiers = Array<[minQuantity: number, unitAmount: number]>;

interface SeedPriceList {
  id: string;
  currency: 'EUR' | 'PLN';
  languages: string[];
  isDefault: boolean;
  products: Record<'album' | 'stickerpack' | 'stickerbox_single_variety', Tiers>;
  shipping: Record<string, number>;
  features: Record<string, number>;
}

const EURO_SHIPPING: Record<string, number> = { DE: 1000, AT: 1490, CH: 2490 };
const ZLOTY_SHIPPING: Record<string, number> = { PL: 4286 };

const SEED_PRICE_LISTS: SeedPriceList[] = [
  {
    id: 'eur',
    currency: 'EUR',
    languages: ['de', 'en', 'fr', 'it'],
    isDefault: true,
    products: {
      album: [
        [10, 449],
        [50, 379],
        [100, 349],
        [200, 319],
        [500, 289],
      ],
      stickerpack: [[10, 80]],
      stickerbox_single_variety: [[10, 150]],
    },
    shipping: Object.fromEntries(COUNTRIES.map((code) => [code, EURO_SHIPPING[code] ?? 1990])),
    features: { gift_wrapping: 150, express_production: 4900 },
  },
  {
    id: 'pln',
    currency: 'PLN',
    languages: ['pl'],
    isDefault: false,
    products: {
      album: [
        [10, 1950],
        [50, 1650],
        [100, 1520],
        [200, 1390],
        [500, 1260],
      ],
      stickerpack: [[10, 350]],
      stickerbox_single_variety: [[10, 650]],
    },
    shipping: Object.fromEntries(COUNTRIES.map((code) => [code, ZLOTY_SHIPPING[code] ?? 8490])),
    features: { gift_wrapping: 650, express_production: 20900 },
  },
];

const SEED_PRODUCTS: Array<{
  key: string;
  sort: number;
  titles: TranslatedText;
  descriptions: TranslatedText;
}> = [
  {
    key: 'album',
    sort: 0,
    titles: {
      de: 'Stickeralbum',
      en: 'Sticker album',
      fr: 'Album de stickers',
      it: 'Album di figurine',
      pl: 'Album z naklejkami',
    },
    descriptions: {
      de: 'Softcover, Innenseiten wie gestaltet',
      en: 'Softcover, inside pages as designed',
      fr: 'Couverture souple, pages intérieures selon votre création',
      it: 'Copertina morbida, pagine interne come progettate',
      pl: 'Miękka okładka, strony wewnętrzne zgodnie z projektem',
    },
  },
  {
    key: 'stickerpack',
    sort: 1,
    titles: {
      de: 'Stickertütchen',
      en: 'Sticker packs',
      fr: 'Pochettes de stickers',
      it: 'Bustine di figurine',
      pl: 'Saszetki z naklejkami',
    },
    descriptions: {
      de: 'Je 4 zufällige Sticker pro Tütchen, alle Sticker für ein Album',
      en: '4 random stickers per pack, every sticker for one album',
      fr: '4 stickers au hasard par pochette, tous les stickers pour un album',
      it: '4 figurine a caso per bustina, tutte le figurine per un album',
      pl: '4 losowe naklejki w saszetce, wszystkie naklejki do jednego albumu',
    },
  },
  {
    key: 'stickerbox_single_variety',
    sort: 2,
    titles: {
      de: 'Stickerbox sortenrein',
      en: 'Single-variety sticker box',
      fr: 'Boîte de stickers triés',
      it: 'Scatola di figurine ordinate',
      pl: 'Pudełko naklejek posortowanych',
    },
    descriptions: {
      de: 'Alle Sticker eines Albums sortiert in einer Box',
      en: 'Every sticker of one album, sorted in a box',
      fr: 'Tous les stickers d’un album, triés dans une boîte',
      it: 'Tutte le figurine di un album, ordinate in una scatola',
      pl: 'Wszystkie naklejki jednego albumu, posortowane w pudełku',
    },
  },
];

const SEED_FEATURES: Array<{
  key: string;
  per: 'order' | 'album';
  sort: number;
  titles: TranslatedText;
  descriptions: TranslatedText;
}> = [
  {
    key: 'gift_wrapping',
    per: 'album',
    sort: 0,
    titles: {
      de: 'Geschenkverpackung',
      en: 'Gift wrapping',
      fr: 'Emballage cadeau',
      it: 'Confezione regalo',
      pl: 'Opakowanie prezentowe',
    },
    descriptions: {
      de: 'Jedes Album einzeln als Geschenk verpackt',
      en: 'Each album wrapped as a gift',
      fr: 'Chaque album emballé individuellement en cadeau',
      it: 'Ogni album incartato singolarmente come regalo',
      pl: 'Każdy album osobno zapakowany na prezent',
    },
  },
  {
    key: 'express_production',
    per: 'order',
    sort: 1,
    titles: {
      de: 'Expressproduktion',
      en: 'Express production',
      fr: 'Production express',
      it: 'Produzione express',
      pl: 'Produkcja ekspresowa',
    },
    descriptions: {
      de: 'Dein Auftrag wird vorrangig gedruckt',
      en: 'Your order goes to print first',
      fr: 'Votre commande est imprimée en priorité',
      it: 'Il tuo ordine viene stampato con priorità',
      pl: 'Twoje zamówienie trafia do druku w pierwszej kolejności',
    },
  },
];

/** SPEC §9: VAT multiplier 1.19, so 19 % for every shipping country until an admin sets local rates. */
const SEED_VAT_BASIS_POINTS = 1900;

/** A voucher to try the checkout with; development only. */
const DEMO_VOUCHER_CODE = 'WILLKOMMEN10';

export async function seedPriceTables(db: Db, options: { appEnv: string }): Promise<void> {
  await db
    .insert(priceLists)
    .values(
      SEED_PRICE_LISTS.map(({ id, currency, languages, isDefault }) => ({
        id,
        currency,
        languages,
        isDefault,
      })),
    )
    .onConflictDoNothing();
  await db.insert(products).values(SEED_PRODUCTS).onConflictDoNothing();
  await db.insert(orderFeatures).values(SEED_FEATURES).onConflictDoNothing();
  for (const list of SEED_PRICE_LISTS) {
    const tiers = Object.entries(list.products).flatMap(([productKey, rows]) =>
      rows.map(([minQuantity, unitAmount]) => ({
        priceListId: list.id,
        productKey,
        minQuantity,
        unitAmount,
      })),
    );
    await db.insert(productPrices).values(tiers).onConflictDoNothing();
    await db
      .insert(shippingRates)
      .values(
        Object.entries(list.shipping).map(([countryCode, amount]) => ({
          priceListId: list.id,
          countryCode,
          amount,
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(orderFeaturePrices)
      .values(
        Object.entries(list.features).map(([featureKey, amount]) => ({
          priceListId: list.id,
          featureKey,
          amount,
        })),
      )
      .onConflictDoNothing();
  }
  await db
    .insert(vatRates)
    .values(COUNTRIES.map((countryCode) => ({ countryCode, basisPoints: SEED_VAT_BASIS_POINTS })))
    .onConflictDoNothing();
  if (options.appEnv === 'development') {
    await db
      .insert(vouchers)
      .values({ code: DEMO_VOUCHER_CODE, kind: 'percent', value: 1000, currency: null, minimumAmount: 0 })
      .onConflictDoNothing();
  }
}
