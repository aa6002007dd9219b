import type { AlbumSettings, DocNode, RichText } from '@stickerbook/model';
import { resolveFontFamily } from '../text/styles.ts';

/** Every family a set of nodes can show: the album's three roles plus each FONT-x of its texts. */
export function fontFamiliesOf(nodes: Iterable<DocNode>, fonts: AlbumSettings['fonts']): string[] {
  const families = new Set<string>([fonts.title, fonts.sub_title, fonts.paragraph]);
  for (const node of nodes) {
    const text = node.props.text as RichText | undefined;
    if (!text?.blocks) continue;
    for (const block of text.blocks) {
      for (const span of block.spans ?? []) {
        for (const style of span.styles ?? []) {
          if (style.startsWith('FONT-')) families.add(resolveFontFamily(style.slice(5), fonts));
        }
      }
    }
  }
  return [...families].filter(Boolean).sort();
}
