import type { StickerTemplate } from '@stickerbook/model';

/**
 * The album's chosen frame design for a cell: the template itself for single cells; for double cells
 * the double template of the same theme and variant when the chosen one is single.
 */
export function pickTemplate(
  templates: Readonly<Record<number, StickerTemplate>> | undefined,
  templateId: number | undefined,
  double: boolean,
): StickerTemplate | undefined {
  if (!templates || templateId === undefined) return undefined;
  const chosen = templates[templateId];
  if (!chosen || chosen.double === double) return chosen;
  return Object.values(templates).find(
    (t) => t.double === double && t.theme === chosen.theme && t.variant === chosen.variant,
  );
}
