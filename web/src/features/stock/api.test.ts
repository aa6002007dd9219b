import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../auth/session.ts';
import { rememberStockPhotos, stockImageSizeFor, stockImageUrlFor, type StockPhoto } from './api.ts';

const photo = (id: number): StockPhoto => ({
  id,
  width: 4000,
  height: 3000,
  photographer: 'Ada',
  photographer_url: null,
  url: null,
  alt: '',
  src: { tiny: 't', small: 's', medium: 'm', large: 'l', large2x: 'l2', original: 'o' },
});

describe('stock photo URLs for the renderer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves pexels:<id> keys of known photos by zoom variant, print getting the original', () => {
    rememberStockPhotos([photo(7)]);
    expect(stockImageUrlFor('pexels:7', 'small')).toBe('l');
    expect(stockImageUrlFor('pexels:7', 'medium')).toBe('l2');
    expect(stockImageUrlFor('pexels:7', 'original')).toBe('o');
    expect(stockImageSizeFor('pexels:7')).toEqual({ width: 4000, height: 3000 });
    expect(stockImageUrlFor('image-record-id', 'small')).toBeUndefined();
  });

  it('looks an unknown photo up once and, when the lookup fails, reports it and returns nothing', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'no' } }), { status: 404 }),
      );
    vi.stubGlobal('fetch', fetchMock);
    const exp = Math.floor(Date.now() / 1000) + 3600;
    setSession({
      kind: 'guest',
      guestId: 'g',
      accessToken: `h.${btoa(JSON.stringify({ exp }))}.s`,
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(stockImageUrlFor('pexels:404', 'small')).toBeUndefined();
    expect(stockImageUrlFor('pexels:404', 'small')).toBeUndefined();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/stock_photos/404'))).toHaveLength(1);
    warn.mockRestore();
  });
});
