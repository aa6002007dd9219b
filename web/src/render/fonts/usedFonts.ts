import type { AlbumSettings, DocNode, RichText } from '@stickerbook/model';
import { resolveFontFamily } from '../text/styles.ts';

/**
 * The FONT-x names one text uses, kept per text value: documents are immutable and a change leaves the texts it
 * does not touch the same objects, so after a move or its undo only the changed texts are read again (the
 * renderer asks on every document change; reading every span of a 1,000-element album cost milliseconds of the
 * undo's frame).
 */
const fontNamesOfText = new WeakMap<RichText, readonly string[]>();

function fontNamesOf(text: RichText): readonly string[] {
  let names = fontNamesOfText.get(text);
  if (!names) {
    const found: string[] = [];
    for (const block of text.blocks)
      for (const span of block.spans ?? [])
        for (const style of span.styles ?? []) if (style.startsWith('FONT-')) found.push(style.slice(5));
    names = found;
    fontNamesOfText.set(text, names);
  }
  return names;
}

/** Every family a set of nodes can show: the album's three roles plus each FONT-x of its texts. */
export function fontFamiliesOf(nodes: Iterable<DocNode>, fonts: AlbumSettings['fonts']): string[] {
  const families = new Set<string>([fonts.title, fonts.sub_title, fonts.paragraph]);
  for (const node of nodes) {
    const text = node.props.text as RichText | undefined;
    if (!text?.blocks) continue;
    for (const name of fontNamesOf(text)) families.add(resolveFontFamily(name, fonts));
  }
  return [...families].filter(Boolean).sort();
}
