import { describe, expect, it } from 'vitest';
import { ModelError } from './errors.ts';
import { run, smallAlbum } from './testing/test-support.ts';
import {
  activeColorPreset,
  activeFontPreset,
  applyColorPreset,
  applyFontPreset,
  COLOR_PRESETS,
  FONT_PRESETS,
  setPaletteColor,
  setRoleFont,
  setStickerTemplate,
} from './styles.ts';

describe('style presets', () => {
  it('has 8 colour presets of 5 colours and 10 font presets, all distinct', () => {
    expect(COLOR_PRESETS).toHaveLength(8);
    expect(COLOR_PRESETS.every((preset) => preset.colors.length === 5)).toBe(true);
    expect(new Set(COLOR_PRESETS.map((p) => p.colors.join())).size).toBe(8);
    expect(FONT_PRESETS).toHaveLength(10);
    expect(new Set(FONT_PRESETS.map((p) => JSON.stringify(p.fonts))).size).toBe(10);
  });

  it('applies a colour preset as one settings patch, with an exact inverse', () => {
    const doc = smallAlbum();
    const preset = COLOR_PRESETS[7];
    const change = applyColorPreset(doc, preset.colors);
    expect(change.patches).toEqual([{ op: 'replace', path: '/settings/colors', value: [...preset.colors] }]);
    const next = run(doc, change);
    expect(activeColorPreset(next)?.id).toBe(preset.id);
  });

  it('keeps colours beyond the fifth when applying a preset', () => {
    let doc = smallAlbum();
    doc = {
      ...doc,
      settings: { ...doc.settings, colors: ['#000', '#fff', '#111', '#222', '#333', '#abcdef'] },
    };
    const next = run(doc, applyColorPreset(doc, COLOR_PRESETS[0].colors));
    expect(next.settings.colors.at(-1)).toBe('#abcdef');
  });

  it('custom colours set primary, secondary and tertiary at indices 2 to 4', () => {
    let doc = smallAlbum();
    doc = run(doc, applyColorPreset(doc, COLOR_PRESETS[0].colors));
    doc = run(doc, setPaletteColor(doc, 'primary', '#123456'));
    doc = run(doc, setPaletteColor(doc, 'tertiary', '#654321'));
    expect(doc.settings.colors.slice(0, 5)).toEqual([
      COLOR_PRESETS[0].colors[0],
      COLOR_PRESETS[0].colors[1],
      '#123456',
      COLOR_PRESETS[0].colors[3],
      '#654321',
    ]);
    expect(activeColorPreset(doc)).toBeUndefined();
  });

  it('refuses a colour that is not a colour and changes nothing', () => {
    expect(() => setPaletteColor(smallAlbum(), 'primary', 'url(javascript:x)')).toThrow(ModelError);
  });

  it('applies font presets and single roles', () => {
    let doc = smallAlbum();
    doc = run(doc, applyFontPreset(doc, FONT_PRESETS[3].fonts));
    expect(activeFontPreset(doc)?.id).toBe(FONT_PRESETS[3].id);
    doc = run(doc, setRoleFont(doc, 'paragraph', 'Inter'));
    expect(doc.settings.fonts).toEqual({ ...FONT_PRESETS[3].fonts, paragraph: 'Inter' });
    expect(activeFontPreset(doc)).toBeUndefined();
  });

  it('makes no patch when the style is already applied', () => {
    const doc = smallAlbum();
    expect(applyFontPreset(doc, doc.settings.fonts).patches).toEqual([]);
  });

  it('switches the sticker frame template id and settings together', () => {
    const doc = smallAlbum();
    const next = run(doc, setStickerTemplate(doc, 612));
    expect(next.settings.stickerTemplateId).toBe(612);
    expect(next.settings.stickerTemplateSettings.id).toBe(612);
  });
});
