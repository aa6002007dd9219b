import type { StickerTemplate } from '@stickerbook/model';

/**
 * The frame design for a cell: the album's chosen template, in the sticker's own layout when it asks for one
 * (SPEC §2 sticker form "layouts", §3 template variants: 'full', 'textless', 'numberless', ...) and the
 * album's theme has that variant, else in the album's variant. A double cell takes the double template of
 * the same theme (same variant, else the theme's default double).
 */
export function pickTemplate(
  templates: Readonly<Record<number, StickerTemplate>> | undefined,
  templateId: number | undefined,
  double: boolean,
  stickerLayout?: string,
): StickerTemplate | undefined {
  if (!templates || templateId === undefined) return undefined;
  const chosen = templates[templateId];
  if (!chosen) return undefined;
  const inTheme = (variant: string) =>
    Object.values(templates).find(
      (t) => t.double === double && t.theme === chosen.theme && t.variant === variant,
    );
  if (stickerLayout && stickerLayout !== 'default') {
    const own = inTheme(stickerLayout);
    if (own) return own;
  }
  if (chosen.double === double) return chosen;
  return inTheme(chosen.variant) ?? inTheme('default');
}
