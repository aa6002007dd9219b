/** Shorthands for the texts every blueprint draws. */
import type { DocNode, ElementProps } from '@stickerbook/model';
import type { ElementSink } from './doc.ts';
import { richText, type TextStyle } from './text.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Automatic text symbols used by the seeds (SPEC §3). */
export type AutoSymbol =
  | 'album'
  | 'release_date'
  | 'section'
  | 'pagenum'
  | 'totalpages'
  | 'totalstickers'
  | 'toc_sections'
  | 'toc_pages';

/**
 * What an automatic text shows until the renderer fills in the real value; it also carries the styles,
 * since the replacement keeps the first span's styles.
 */
const SAMPLE: Record<AutoSymbol, string | string[]> = {
  album: 'Album title',
  release_date: '2026',
  section: 'Section',
  pagenum: '1',
  totalpages: '24',
  totalstickers: '180',
  toc_sections: ['Section one', 'Section two', 'Section three'],
  toc_pages: ['4', '8', '12'],
};

/** Static text whose colour is the palette index (or colour) `fill`. */
export function label(
  sink: ElementSink,
  box: Box,
  content: string | string[],
  style: TextStyle,
  fill: ElementProps['fill'],
  extra: Partial<ElementProps> = {},
): DocNode {
  return sink.text({ ...box, text: richText(content, style), fill, ...extra });
}

/**
 * A text whose content the renderer replaces with the value of `symbol` (an automatic text of an album, or a
 * field of a sticker frame template); `sample` is what it shows until then and carries the styles, since the
 * replacement keeps the first span's styles.
 */
export function symbolText(
  sink: ElementSink,
  symbol: string,
  sample: string | string[],
  box: Box,
  style: TextStyle,
  fill: ElementProps['fill'],
  extra: Partial<ElementProps> = {},
): DocNode {
  return sink.text({ ...box, text: richText(sample, style), symbol, fill, ...extra });
}

/** An automatic text: the renderer replaces its content with the symbol's value; it cannot be edited. */
export function auto(
  sink: ElementSink,
  symbol: AutoSymbol,
  box: Box,
  style: TextStyle,
  fill: ElementProps['fill'],
  extra: Partial<ElementProps> = {},
): DocNode {
  return symbolText(sink, symbol, SAMPLE[symbol], box, style, fill, extra);
}

/** A vertical line from (x, y) down `length` mm: a Line is horizontal, so it is turned 90° about its centre. */
export function verticalLine(
  sink: ElementSink,
  x: number,
  y: number,
  length: number,
  props: Partial<ElementProps>,
): DocNode {
  return sink.line({
    x: x - length / 2,
    y: y + length / 2 - 0.5,
    width: length,
    height: 1,
    rotation: 90,
    ...props,
  });
}
