import { z } from 'zod';
import { AppError } from '../http/errors.ts';
import { A4Document, CONTENT_WIDTH_MM } from '../pdf/a4-document.ts';
import { countryName, formatDate, formatQuantity, type DocumentLanguage } from '../i18n/format.ts';
import { LANGUAGES, type Translations } from '../i18n/languages.ts';

/**
 * The delivery note that goes into the parcel (SPEC §2 order detail "download delivery note"): who sends, where
 * it goes, which order, what is inside. No prices: the person unpacking is often not the one who paid.
 * Same page layout and fonts as the invoice (pdf/a4-document.ts).
 */
export interface DeliveryNoteData {
  orderNumber: string;
  /** ISO date printed on the note (the shipping day). */
  date: string;
  language?: DocumentLanguage;
  sender: { name: string; address: { line1: string; postCode: string; city: string; countryCode: string } };
  shippingAddress: {
    organization?: string;
    name: string;
    line1: string;
    line2?: string;
    postCode: string;
    city: string;
    countryCode: string;
    phone?: string;
  };
  lines: Array<{ title: string; description?: string; quantity: number }>;
  /** A remark for the recipient, e.g. the customer's delivery instructions. */
  note?: string;
}

const text = z.string().trim().min(1).max(300);
const deliveryNoteSchema = z.object({
  orderNumber: text,
  date: z.iso.date(),
  language: z.enum(LANGUAGES).optional(),
  sender: z.object({
    name: text,
    address: z.object({
      line1: text,
      postCode: text,
      city: text,
      countryCode: z.string().regex(/^[A-Z]{2}$/),
    }),
  }),
  shippingAddress: z.object({
    organization: z.string().max(300).optional(),
    name: text,
    line1: text,
    line2: z.string().max(300).optional(),
    postCode: text,
    city: text,
    countryCode: z.string().regex(/^[A-Z]{2}$/),
    phone: z.string().max(50).optional(),
  }),
  lines: z
    .array(
      z.object({
        title: text,
        description: z.string().max(2000).optional(),
        quantity: z.number().int().positive().max(1_000_000),
      }),
    )
    .min(1),
  note: z.string().max(2000).optional(),
});

interface DeliveryNoteLabels {
  title: string;
  order: string;
  date: string;
  shipTo: string;
  phone: string;
  position: string;
  description: string;
  quantity: string;
  totalPieces: string;
}

const LABELS: Translations<DeliveryNoteLabels> = {
  de: {
    title: 'Lieferschein',
    order: 'Bestellung',
    date: 'Datum',
    shipTo: 'Lieferadresse',
    phone: 'Telefon',
    position: 'Pos.',
    description: 'Beschreibung',
    quantity: 'Menge',
    totalPieces: 'Stück gesamt',
  },
  en: {
    title: 'Delivery note',
    order: 'Order',
    date: 'Date',
    shipTo: 'Ship to',
    phone: 'Phone',
    position: 'No.',
    description: 'Description',
    quantity: 'Quantity',
    totalPieces: 'Total pieces',
  },
  fr: {
    title: 'Bon de livraison',
    order: 'Commande',
    date: 'Date',
    shipTo: 'Adresse de livraison',
    phone: 'Téléphone',
    position: 'N°',
    description: 'Désignation',
    quantity: 'Quantité',
    totalPieces: "Nombre total d'articles",
  },
  it: {
    title: 'Documento di trasporto',
    order: 'Ordine',
    date: 'Data',
    shipTo: 'Indirizzo di consegna',
    phone: 'Telefono',
    position: 'Pos.',
    description: 'Descrizione',
    quantity: 'Quantità',
    totalPieces: 'Pezzi totali',
  },
  pl: {
    title: 'Dowód dostawy',
    order: 'Zamówienie',
    date: 'Data',
    shipTo: 'Adres dostawy',
    phone: 'Telefon',
    position: 'Lp.',
    description: 'Opis',
    quantity: 'Ilość',
    totalPieces: 'Łącznie sztuk',
  },
};

export async function buildDeliveryNotePdf(input: DeliveryNoteData): Promise<Buffer> {
  const parsed = deliveryNoteSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      422,
      'DELIVERY_NOTE_DATA_INVALID',
      'The delivery note data is incomplete',
      parsed.error.issues,
    );
  }
  const data = parsed.data;
  const language = data.language ?? 'de';
  const labels = LABELS[language];
  const { sender, shippingAddress: to } = data;
  const title = `${labels.title} ${data.orderNumber}`;
  const doc = await A4Document.create({ title, author: sender.name, language });

  doc.line(sender.name, { bold: true, sizePt: 14 });
  doc.line(
    [
      sender.address.line1,
      `${sender.address.postCode} ${sender.address.city}`,
      countryName(sender.address.countryCode, language),
    ].join(' · '),
    { muted: true, sizePt: 8 },
  );
  doc.gap(8);

  const meta: Array<[string, string]> = [
    [labels.order, data.orderNumber],
    [labels.date, formatDate(data.date, language)],
  ];
  doc.columns([
    {
      xMm: 0,
      lines: [
        { text: labels.shipTo, muted: true, sizePt: 8 },
        ...(to.organization ? [{ text: to.organization }] : []),
        { text: to.name },
        { text: to.line1 },
        ...(to.line2 ? [{ text: to.line2 }] : []),
        { text: `${to.postCode} ${to.city}` },
        { text: countryName(to.countryCode, language) },
        ...(to.phone ? [{ text: `${labels.phone} ${to.phone}` }] : []),
      ],
    },
    { xMm: 110, lines: meta.map(([label]) => ({ text: label, muted: true })) },
    { xMm: CONTENT_WIDTH_MM, lines: meta.map(([, value]) => ({ text: value, align: 'right' as const })) },
  ]);
  doc.gap(10);
  doc.line(title, { bold: true, sizePt: 16 });
  doc.gap(4);
  doc.table(
    [
      { header: labels.position, widthMm: 12 },
      { header: labels.description, widthMm: CONTENT_WIDTH_MM - 12 - 30 },
      { header: labels.quantity, widthMm: 30, align: 'right' },
    ],
    data.lines.map((line, index) => [
      String(index + 1),
      line.description ? `${line.title}\n${line.description}` : line.title,
      formatQuantity(line.quantity, language),
    ]),
  );
  doc.rule();
  const pieces = data.lines.reduce((sum, line) => sum + line.quantity, 0);
  doc.line(labels.totalPieces, { bold: true });
  doc.text(formatQuantity(pieces, language), { align: 'right', bold: true });
  if (data.note) {
    doc.gap(8);
    for (const paragraph of data.note.split('\n')) doc.line(paragraph);
  }
  const bytes = await doc.save();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
