/**
 * Whole-text formatting for the toolbar (when the text is not being edited): each function returns a new
 * RichText with one inline style or block property set on every span or block. Pure, unit tested.
 */
import type { RichText, RichTextBlock } from '@stickerbook/model';

export type ToggleStyle = 'BOLD' | 'ITALIC' | 'UPPERCASE' | 'AUTOSIZE';
export type ValueStyle = 'FONT' | 'SIZE' | 'LETTERSPACING' | 'COLOR';

const EMPTY_BLOCK: RichTextBlock = { spans: [{ text: '', styles: [] }] };

function blocksOf(text: RichText | undefined): RichTextBlock[] {
  return text && text.blocks.length > 0 ? text.blocks : [EMPTY_BLOCK];
}

/** Whether every span carries the style (the toolbar shows the toggle as active). */
export function hasStyle(text: RichText | undefined, style: ToggleStyle): boolean {
  const spans = blocksOf(text).flatMap((b) => b.spans);
  return spans.length > 0 && spans.every((s) => s.styles.includes(style));
}

/** Turns a style on for every span, or off when every span already has it. */
export function toggleStyle(text: RichText | undefined, style: ToggleStyle): RichText {
  const on = !hasStyle(text, style);
  return {
    blocks: blocksOf(text).map((block) => ({
      ...block,
      spans: block.spans.map((span) => ({
        ...span,
        styles: on
          ? [...span.styles.filter((s) => s !== style), style]
          : span.styles.filter((s) => s !== style),
      })),
    })),
  };
}

/** The value of a valued style on the first span that has it ('SIZE' -> '11'). */
export function styleValue(text: RichText | undefined, style: ValueStyle): string | undefined {
  for (const span of blocksOf(text).flatMap((b) => b.spans)) {
    const found = span.styles.find((s) => s.startsWith(`${style}-`));
    if (found) return found.slice(style.length + 1);
  }
  return undefined;
}

/** Sets (or with `undefined` removes) a valued style on every span. */
export function setStyleValue(
  text: RichText | undefined,
  style: ValueStyle,
  value: string | number | undefined,
): RichText {
  return {
    blocks: blocksOf(text).map((block) => ({
      ...block,
      spans: block.spans.map((span) => ({
        ...span,
        styles: [
          ...span.styles.filter((s) => !s.startsWith(`${style}-`)),
          ...(value === undefined ? [] : [`${style}-${value}`]),
        ],
      })),
    })),
  };
}

export function setBlockProp<K extends 'align' | 'lineHeight'>(
  text: RichText | undefined,
  key: K,
  value: RichTextBlock[K],
): RichText {
  return { blocks: blocksOf(text).map((block) => ({ ...block, [key]: value })) };
}
