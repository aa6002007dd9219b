import { describe, expect, it } from 'vitest';
import { settingsForPreset } from './index.ts';

describe('presets (SPEC §9)', () => {
  it('completes each preset with its mode and turns crop marks on with bleed', () => {
    expect(settingsForPreset('album_softcover_inside')).toMatchObject({
      mode: 'album_softcover_inside',
      format: 'pdf',
      dpi: 300,
      resolution: 'original',
      includeBleed: true,
      cropMarks: true,
      pdfx: true,
    });
    expect(settingsForPreset('album_softcover')).toMatchObject({
      mode: 'album_softcover',
      format: 'pdf',
      dpi: 600,
      pdfx: true,
    });
    // Every file for the print shop is PDF/X, the sticker files too; an override turns it off.
    expect(settingsForPreset('album_softcover_inside', { pdfx: false }).pdfx).toBe(false);
    expect(settingsForPreset('stickers').pdfx).toBe(true);
    expect(settingsForPreset('stickerpack').pdfx).toBe(true);
    for (const preset of ['album_check', 'sticker_check', 'current_spread', 'custom'] as const)
      expect(settingsForPreset(preset).pdfx, preset).toBe(false);
    expect(settingsForPreset('stickers')).toMatchObject({ mode: 'stickers', dpi: 300, showStickers: true });
    expect(settingsForPreset('stickerpack')).toMatchObject({ mode: 'stickerpack', includeCover: true });
    expect(settingsForPreset('album_check')).toMatchObject({
      format: 'jpg',
      dpi: 200,
      includeBleed: false,
      cropMarks: false,
    });
    expect(settingsForPreset('sticker_check')).toMatchObject({ mode: 'stickers', format: 'jpg', dpi: 200 });
    expect(settingsForPreset('current_spread', { range: '3' })).toMatchObject({
      mode: 'spread',
      format: 'pdf',
      dpi: 300,
      range: '3',
    });
  });
});

describe('the proof preset', () => {
  it('is the whole album with cover at screen resolution, without bleed, crop marks or PDF/X', () => {
    expect(settingsForPreset('proof')).toEqual({
      mode: 'album',
      format: 'pdf',
      dpi: 150,
      resolution: 'large',
      range: '',
      showStickers: true,
      includeCover: true,
      includeBleed: false,
      cropMarks: false,
      compress: false,
      pdfx: false,
    });
  });
});
