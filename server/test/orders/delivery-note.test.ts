import { describe, expect, it } from 'vitest';
import { buildDeliveryNotePdf, type DeliveryNoteData } from '../../src/orders/delivery-note.ts';
import { pdfFonts, pdfInfo, pdfText } from '../helpers/pdf-files.ts';

function note(overrides: Partial<DeliveryNoteData> = {}): DeliveryNoteData {
  return {
    orderNumber: 'SB-4711',
    date: '2026-04-02',
    sender: {
      name: 'Albumdruck Muster GmbH',
      address: { line1: 'Hafenstraße 7', postCode: '20457', city: 'Hamburg', countryCode: 'DE' },
    },
    shippingAddress: {
      organization: 'Kita Sonnenschein e. V.',
      name: 'Erika Mustermann',
      line1: 'Lindenallee 3',
      line2: 'Hinterhaus',
      postCode: '50667',
      city: 'Köln',
      countryCode: 'DE',
      phone: '+49 221 555 0101',
    },
    lines: [
      { title: 'Stickeralbum Softcover', description: '48 Seiten', quantity: 50 },
      { title: 'Sticker-Tüten', quantity: 200 },
    ],
    ...overrides,
  };
}

describe('buildDeliveryNotePdf', () => {
  it('shows sender, shipping address, order number and every line with its quantity', async () => {
    const pdf = await buildDeliveryNotePdf(note({ note: 'Bitte beim Hausmeister abgeben.' }));
    const text = await pdfText(pdf);
    expect(text).toContain('Albumdruck Muster GmbH');
    expect(text).toContain('Lieferschein SB-4711');
    for (const part of [
      'Kita Sonnenschein e. V.',
      'Erika Mustermann',
      'Lindenallee 3',
      'Hinterhaus',
      '50667 Köln',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/Bestellung\s+SB-4711/);
    expect(text).toMatch(/Datum\s+2\. April 2026/);
    expect(text).toMatch(/1\s+Stickeralbum Softcover\s+50/);
    expect(text).toMatch(/2\s+Sticker-Tüten\s+200/);
    expect(text).toMatch(/Stück gesamt\s+250/);
    expect(text).toContain('Bitte beim Hausmeister abgeben.');
    expect(text).not.toMatch(/€/);
    expect((await pdfInfo(pdf)).Title).toBe('Lieferschein SB-4711');
    expect((await pdfFonts(pdf)).every((font) => font.embedded)).toBe(true);
  });

  it('speaks the customer language', async () => {
    const text = await pdfText(
      await buildDeliveryNotePdf(
        note({
          language: 'pl',
          shippingAddress: {
            name: 'Zofia Łukasiewicz',
            line1: 'ul. Żółta 5',
            postCode: '00-001',
            city: 'Warszawa',
            countryCode: 'PL',
          },
        }),
      ),
    );
    expect(text).toContain('Dowód dostawy SB-4711');
    expect(text).toContain('Zofia Łukasiewicz');
    expect(text).toContain('Polska');
    expect(text).toMatch(/Łącznie sztuk\s+250/);
  });

  it('continues a long order on further pages with the table header repeated', async () => {
    const lines = Array.from({ length: 70 }, (_, i) => ({
      title: `Sticker-Set Nr. ${i + 1}`,
      quantity: i + 1,
    }));
    const pdf = await buildDeliveryNotePdf(note({ lines }));
    const info = await pdfInfo(pdf);
    expect(Number(info.Pages)).toBeGreaterThan(1);
    const text = await pdfText(pdf);
    expect(text.match(/Beschreibung/g)!.length).toBe(Number(info.Pages));
    expect(text).toMatch(/70\s+Sticker-Set Nr\. 70\s+70/);
    expect(text).toMatch(/Stück gesamt\s+2\.485/);
  });

  it('refuses a note without lines, with a broken quantity or without an address', async () => {
    await expect(buildDeliveryNotePdf(note({ lines: [] }))).rejects.toMatchObject({
      code: 'DELIVERY_NOTE_DATA_INVALID',
    });
    await expect(
      buildDeliveryNotePdf(note({ lines: [{ title: 'Album', quantity: 1.5 }] })),
    ).rejects.toMatchObject({
      code: 'DELIVERY_NOTE_DATA_INVALID',
    });
    const noCity = note();
    noCity.shippingAddress.city = ' ';
    await expect(buildDeliveryNotePdf(noCity)).rejects.toMatchObject({ code: 'DELIVERY_NOTE_DATA_INVALID' });
  });
});
