import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDom, stubMatchMedia } from '../../render/test-support.tsx';
import { pl } from '../../i18n/locales/pl.ts';
import { LineItemsPanel } from './LineItemsPanel.tsx';
import type { Order } from './types.ts';

/** The amounts as the server froze and formatted them for a Polish order (50 albums to Poland). */
const order = {
  amount_human: '1042,86 zł',
  amount_gross_human: '1282,72 zł',
  tax_value_human: '239,86 zł',
  voucher: null,
  line_items: [
    {
      id: 'l1',
      product: 'album',
      title: 'Album',
      description: null,
      quantity: 50,
      amount_human: '812,86 zł',
      amount_gross_human: '999,82 zł',
    },
    {
      id: 'l2',
      product: 'stickerpack',
      title: 'Saszetki z naklejkami',
      description: null,
      quantity: 50,
      amount_human: '180,00 zł',
      amount_gross_human: '221,40 zł',
    },
  ],
  shipping: { amount: 5000, amount_gross: 6150, amount_human: '50,00 zł', amount_gross_human: '61,50 zł' },
} as unknown as Order;

async function renderPanel(shown: Order) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'pl',
    resources: { pl: { translation: pl } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return renderDom(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <LineItemsPanel order={shown} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the customer’s item table', () => {
  beforeEach(() => {
    stubMatchMedia();
    // The table's scroll container watches its size; jsdom has no ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the shipping as its own line with the server’s net and gross, after the items', async () => {
    const view = await renderPanel(order);
    const rows = [...view.container.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Album', '50', '812,86 zł', '999,82 zł'],
      ['Saszetki z naklejkami', '50', '180,00 zł', '221,40 zł'],
      ['Wysyłka', '1', '50,00 zł', '61,50 zł'],
    ]);
    view.unmount();
  });
});
