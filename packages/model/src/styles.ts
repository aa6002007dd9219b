/**
 * The style panel (SPEC §4, §9): 8 colour presets of 5 colours, 10 font presets, custom colours and the sticker
 * frame template. A style change is a settings patch, so the whole album restyles live: elements refer to palette
 * indices (`fill: 2`) and font roles (`FONT-title`), never to the colours and families themselves.
 *
 * Palette layout: index 0 is the ink (text on light ground), 1 the paper; the style tiles skip both and show the
 * primary, secondary and tertiary colours at indices 2-4 (SPEC §3).
 */
import { COLOR_PRESET_COUNT, COLORS_PER_PRESET, FONT_PRESET_COUNT, PALETTE_ROLE_INDEX } from './constants.ts';
import type { AlbumDocument, AlbumSettings } from './document.ts';
import { ModelError } from './errors.ts';
import type { Change } from './operations/shared.ts';
import { settingPath, type Patch } from './patches.ts';
import { albumSettingsSchema } from './schema.ts';

export interface ColorPreset {
  id: string;
  colors: readonly string[];
}

export interface FontPreset {
  id: string;
  fonts: AlbumSettings['fonts'];
}

/** The first six are the blueprints' own palettes, so a preset can bring a template's look back. */
export const COLOR_PRESETS: readonly ColorPreset[] = [
  { id: 'classic', colors: ['#3B3531', '#FFFDF9', '#B0737E', '#8C9A7E', '#EFE4D6'] },
  { id: 'team', colors: ['#131722', '#FFFFFF', '#C8102E', '#0B2545', '#F2C14E'] },
  { id: 'business', colors: ['#1A1F2B', '#FFFFFF', '#1F5EFF', '#12B5A6', '#EEF2F7'] },
  { id: 'party', colors: ['#2B2D42', '#FFFFFF', '#FF6B6B', '#4ECDC4', '#FFD93D'] },
  { id: 'school', colors: ['#1F2A37', '#FFFDF7', '#2F6F5E', '#F4A259', '#DCEBF5'] },
  { id: 'community', colors: ['#22313F', '#FFFFFF', '#E76F51', '#2A9D8F', '#F4E9D8'] },
  { id: 'forest', colors: ['#1B2620', '#FBFBF6', '#2D6A4F', '#95D5B2', '#D8F3DC'] },
  { id: 'night', colors: ['#F5F3FF', '#1E1B2E', '#7C3AED', '#F472B6', '#312E81'] },
];

/** Title, sub-title and paragraph fonts; every family is one of the 50 bundled fonts. */
export const FONT_PRESETS: readonly FontPreset[] = [
  { id: 'elegant', fonts: { title: 'Playfair Display', sub_title: 'Raleway', paragraph: 'Lato' } },
  { id: 'sporty', fonts: { title: 'Oswald', sub_title: 'Montserrat', paragraph: 'Roboto' } },
  { id: 'modern', fonts: { title: 'Poppins', sub_title: 'Montserrat', paragraph: 'Lato' } },
  { id: 'playful', fonts: { title: 'Pacifico', sub_title: 'Poppins', paragraph: 'Nunito' } },
  { id: 'school', fonts: { title: 'Roboto Slab', sub_title: 'Nunito', paragraph: 'Nunito' } },
  { id: 'classic', fonts: { title: 'Merriweather', sub_title: 'Raleway', paragraph: 'Lato' } },
  {
    id: 'handwritten',
    fonts: { title: 'Dancing Script', sub_title: 'Josefin Sans', paragraph: 'Open Sans' },
  },
  { id: 'bold', fonts: { title: 'Kanit', sub_title: 'Barlow', paragraph: 'Inter' } },
  { id: 'timeless', fonts: { title: 'Cinzel', sub_title: 'Cormorant Garamond', paragraph: 'EB Garamond' } },
  { id: 'friendly', fonts: { title: 'Comfortaa', sub_title: 'Quicksand', paragraph: 'Mulish' } },
];

// The presets are data; a wrong count would silently break the panel's grid.
if (
  COLOR_PRESETS.length !== COLOR_PRESET_COUNT ||
  COLOR_PRESETS.some((p) => p.colors.length !== COLORS_PER_PRESET)
)
  throw new Error('colour presets must be 8 of 5 colours (SPEC §9)');
if (FONT_PRESETS.length !== FONT_PRESET_COUNT) throw new Error('font presets must be 10 (SPEC §9)');

export type PaletteRole = keyof typeof PALETTE_ROLE_INDEX;
export type FontRole = keyof AlbumSettings['fonts'];

function settingChange<K extends keyof AlbumSettings>(
  doc: AlbumDocument,
  key: K,
  value: AlbumSettings[K],
): Change {
  const parsed = albumSettingsSchema.shape[key].safeParse(value);
  if (!parsed.success) throw new ModelError('INVALID_PROPS', `${key}: ${parsed.error.issues[0]?.message}`);
  if (JSON.stringify(doc.settings[key]) === JSON.stringify(value)) return { patches: [], selection: [] };
  const patch: Patch = { op: 'replace', path: settingPath(key), value };
  return { patches: [patch], selection: [] };
}

const sameColors = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((color, i) => color.toLowerCase() === b[i].toLowerCase());

/** Replaces the palette's first five colours with a preset's, keeping any further colours of the album. */
export function applyColorPreset(doc: AlbumDocument, colors: readonly string[]): Change {
  const next = [...colors, ...doc.settings.colors.slice(colors.length)];
  return settingChange(doc, 'colors', next);
}

/** The preset the album's palette matches, if any (the panel marks it). */
export function activeColorPreset(doc: AlbumDocument): ColorPreset | undefined {
  const current = doc.settings.colors.slice(0, COLORS_PER_PRESET);
  return COLOR_PRESETS.find((preset) => sameColors(preset.colors, current));
}

/** Custom colour edit: sets primary, secondary or tertiary (palette indices 2-4). */
export function setPaletteColor(doc: AlbumDocument, role: PaletteRole, color: string): Change {
  const index = PALETTE_ROLE_INDEX[role];
  const next = [...doc.settings.colors];
  // A palette shorter than the role index (imported documents) is padded with the paper colour.
  while (next.length < index) next.push(next[1] ?? '#FFFFFF');
  next[index] = color;
  return settingChange(doc, 'colors', next);
}

export function applyFontPreset(doc: AlbumDocument, fonts: AlbumSettings['fonts']): Change {
  return settingChange(doc, 'fonts', { ...fonts });
}

export function setRoleFont(doc: AlbumDocument, role: FontRole, family: string): Change {
  return settingChange(doc, 'fonts', { ...doc.settings.fonts, [role]: family });
}

export function activeFontPreset(doc: AlbumDocument): FontPreset | undefined {
  const { title, sub_title, paragraph } = doc.settings.fonts;
  return FONT_PRESETS.find(
    ({ fonts }) => fonts.title === title && fonts.sub_title === sub_title && fonts.paragraph === paragraph,
  );
}

/** The frame every sticker is drawn with: `stickerTemplateId` and `stickerTemplateSettings.id` move together. */
export function setStickerTemplate(doc: AlbumDocument, templateId: number): Change {
  const idChange = settingChange(doc, 'stickerTemplateId', templateId);
  const settingsChange = settingChange(doc, 'stickerTemplateSettings', {
    ...doc.settings.stickerTemplateSettings,
    id: templateId,
  });
  return { patches: [...idChange.patches, ...settingsChange.patches], selection: [] };
}
