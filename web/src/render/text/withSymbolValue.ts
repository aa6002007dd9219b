import type { RichText } from '@stickerbook/model';

/**
 * Automatic text shows its symbol's value in the style of the placeholder's first span, one block per
 * line (tables of contents are multi-line).
 */
export function withSymbolValue(text: RichText | undefined, value: string): RichText {
  const first = text?.blocks[0];
  const styles = first?.spans[0]?.styles ?? [];
  return {
    blocks: value.split('\n').map((line) => ({
      align: first?.align,
      lineHeight: first?.lineHeight,
      spans: [{ text: line, styles }],
    })),
  };
}
