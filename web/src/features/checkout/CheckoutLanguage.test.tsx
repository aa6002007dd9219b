import i18n from 'i18next';
import { act } from 'react';
import { useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18nReady } from '../../i18n/index.ts';
import { renderDom } from '../../render/test-support.tsx';
import { CheckoutLanguage } from './CheckoutLanguage.tsx';

function Texts() {
  const { t, i18n: shown } = useTranslation();
  return (
    <p data-language={shown.language}>
      {t('checkout.title', { title: 'Klasa 3b' })} · {t('checkout.next')}
    </p>
  );
}

describe('the checkout’s language', () => {
  it('is the album’s, while the page around it and the visitor’s choice stay in the UI language', async () => {
    await i18nReady;
    await i18n.changeLanguage('de');
    const remembered = localStorage.getItem('stickerbook.language');
    const view = renderDom(
      <>
        <Outside />
        <CheckoutLanguage language="pl" fallback={<span>…</span>}>
          <Texts />
        </CheckoutLanguage>
      </>,
    );
    for (let i = 0; i < 50 && !view.container.querySelector('[data-language]'); i++)
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(view.container.querySelector('[data-language]')?.textContent).toBe('Zamów „Klasa 3b” · Dalej');
    expect(view.container.querySelector('[data-testid="outside"]')?.textContent).toBe('Weiter');
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('stickerbook.language')).toBe(remembered);
    view.unmount();
  });
});

function Outside() {
  const { t } = useTranslation();
  return <span data-testid="outside">{t('checkout.next')}</span>;
}
