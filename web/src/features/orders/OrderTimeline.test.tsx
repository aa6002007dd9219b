import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDom, stubMatchMedia } from '../../render/test-support.tsx';
import { de } from '../../i18n/locales/de.ts';
import { OrderTimeline } from './OrderTimeline.tsx';
import type { OrderUpdate } from './types.ts';

const DHL =
  'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557';

const update = (fields: Partial<OrderUpdate>): OrderUpdate => ({
  id: 'u1',
  signal: 'shipped',
  title: 'shipped',
  human_title: 'Versendet',
  message: null,
  created_at: '2027-03-01T10:00:00.000Z',
  metadata: {},
  target_url: null,
  changes: [],
  author: null,
  ...fields,
});

async function renderTimeline(updates: OrderUpdate[]) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'de',
    resources: { de: { translation: de } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return renderDom(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <OrderTimeline updates={updates} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('the order timeline (SPEC §2, §3 tracking code)', () => {
  beforeEach(() => {
    stubMatchMedia();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows a shipment's tracking code as a link to the carrier's tracking page in a new tab", async () => {
    const view = await renderTimeline([
      update({ metadata: { tracking_code: '00340434161094042557' }, target_url: DHL }),
    ]);
    const tracking = view.container.querySelector('[data-testid="order-tracking"]')!;
    expect(tracking.textContent).toBe('Sendungsnummer: 00340434161094042557');
    const link = tracking.querySelector('a')!;
    expect(link.textContent).toBe('00340434161094042557');
    expect(link.getAttribute('href')).toBe(DHL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
    // One way to the carrier: the code itself, not a second link beside it.
    expect(view.container.querySelectorAll('a')).toHaveLength(1);
    view.unmount();
  });

  it('shows a tracking code without a carrier page as text', async () => {
    const view = await renderTimeline([update({ metadata: { tracking_code: 'ABC123' } })]);
    const tracking = view.container.querySelector('[data-testid="order-tracking"]')!;
    expect(tracking.textContent).toBe('Sendungsnummer: ABC123');
    expect(tracking.querySelector('a')).toBeNull();
    view.unmount();
  });
});
