/**
 * Rich text for seed texts (SPEC §3 inline styles). Fonts are referenced by role (`FONT-title`, ...) so a
 * font preset change restyles every text; colours come from the element's `fill` palette index for the
 * same reason, so spans carry no `COLOR-#hex`.
 */
import type { RichText, RichTextBlock } from '@stickerbook/model';

export type FontRole = 'title' | 'sub_title' | 'paragraph';

export interface TextStyle {
  font: FontRole;
  /** Points, 4 to 72 (SPEC §9). */
  size: number;
  align?: RichTextBlock['align'];
  /** Percent: 100, 120, 150 or 200 (SPEC §9). */
  lineHeight?: 100 | 120 | 150 | 200;
  bold?: boolean;
  italic?: boolean;
  uppercase?: boolean;
  letterSpacing?: number;
  autosize?: boolean;
}

/**
 * A family of text styles that differ only in size (and the odd override): each design names a few
 * (`const heading = styleFamily({ font: 'title', bold: true })`, then `heading(20, { align: 'right' })`).
 */
export function styleFamily(
  base: Omit<TextStyle, 'size'>,
): (size: number, extra?: Partial<TextStyle>) => TextStyle {
  return (size, extra = {}) => ({ ...base, size, ...extra });
}

export function spanStyles(style: TextStyle): string[] {
  const styles = [`FONT-${style.font}`, `SIZE-${style.size}`];
  if (style.bold) styles.push('BOLD');
  if (style.italic) styles.push('ITALIC');
  if (style.uppercase) styles.push('UPPERCASE');
  if (style.letterSpacing) styles.push(`LETTERSPACING-${style.letterSpacing}`);
  if (style.autosize) styles.push('AUTOSIZE');
  return styles;
}

/** One paragraph per line of `content`, all in one style. */
export function richText(content: string | string[], style: TextStyle): RichText {
  const lines = Array.isArray(content) ? content : [content];
  return {
    blocks: lines.map((line) => ({
      align: style.align ?? 'left',
      lineHeight: style.lineHeight ?? 120,
      spans: [{ text: line, styles: spanStyles(style) }],
    })),
  };
}

/** Paragraphs whose spans differ in style (e.g. a bold lead-in followed by regular text). */
export function mixedText(
  paragraphs: Array<Array<{ text: string; style: TextStyle }>>,
  block: Pick<RichTextBlock, 'align' | 'lineHeight'>,
): RichText {
  return {
    blocks: paragraphs.map((spans) => ({
      align: block.align ?? 'left',
      lineHeight: block.lineHeight ?? 120,
      spans: spans.map(({ text, style }) => ({ text, styles: spanStyles(style) })),
    })),
  };
}
