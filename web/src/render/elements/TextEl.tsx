import { memo, useMemo } from 'react';
import type { ElementProps, RichText } from '@stickerbook/model';
import { withSymbolValue } from '../text/withSymbolValue.ts';
import { ElementFrame, type ContentProps, type ElProps } from '../ElementFrame.tsx';
import { useRenderOptions } from '../RenderContext.tsx';
import { sameContent } from '../transform.ts';
import { resolvePaint } from '../paint.ts';
import { RichTextHtml } from '../text/RichTextHtml.tsx';
import { useSymbolText } from '../text/useSymbolText.ts';

const EMPTY: RichText = { blocks: [] };

/** A text's fill is its default colour (palette or colour string); inline COLOR-#hex wins per span. */
const TextContent = memo(function TextContent({ id, props }: ContentProps) {
  const p = props as ElementProps;
  const options = useRenderOptions();
  const symbolValue = useSymbolText(p.symbol, id);
  const text = useMemo(
    () => (symbolValue === undefined ? (p.text ?? EMPTY) : withSymbolValue(p.text, symbolValue)),
    [p.text, symbolValue],
  );
  const fill = resolvePaint(p.fill, options.colors);
  const color = fill.kind === 'solid' ? fill.color : fill.kind === 'linear' ? fill.colors[0] : '#000000';
  return <RichTextHtml text={text} width={p.width} height={p.height} color={color} fonts={options.fonts} />;
}, sameContent);

export function TextEl({ node }: ElProps) {
  return (
    <ElementFrame node={node}>
      <TextContent id={node.id} props={node.props} />
    </ElementFrame>
  );
}
