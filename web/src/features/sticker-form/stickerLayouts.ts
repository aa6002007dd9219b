import type { StickerTemplate } from '@stickerbook/model';

/** Frame variants a sticker may ask for (SPEC §3 template variants). */
export const STICKER_LAYOUTS = ['default', 'full', 'textless', 'numberless'] as const;

/**
 * The layouts a sticker can be drawn with: 'default' (the album's frame) and the variants the album's frame
 * theme has for a single or double sticker — the renderer draws any other choice in the album's frame. The
 * sticker's current layout stays listed so editing never changes it silently. All of them while the
 * templates are loading.
 */
export function stickerLayoutChoices(
  templates: Readonly<Record<number, StickerTemplate>> | undefined,
  templateId: number,
  double: boolean,
  current: string,
): string[] {
  const chosen = templates?.[templateId];
  if (!templates || !chosen) return [...STICKER_LAYOUTS];
  const variants = new Set(
    Object.values(templates)
      .filter((t) => t.theme === chosen.theme && t.double === double)
      .map((t) => t.variant),
  );
  return STICKER_LAYOUTS.filter(
    (layout) => layout === 'default' || layout === current || variants.has(layout),
  );
}
