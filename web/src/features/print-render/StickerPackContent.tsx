import { RenderRoot, fontStack, resolveColor } from '../../render/index.ts';
import type { Box } from '@stickerbook/model';
import type { RenderCommon } from './SpreadPanel.tsx';

/**
 * SPEC §9 sticker pack wrapper: a 240 x 75 mm sheet with the text 'stickerpack', in the album's colours and
 * title font. `bleed` is the box the background must fill (trim plus bleed), in trim coordinates.
 */
export function StickerPackContent({
  title,
  bleed,
  at,
  common,
}: {
  title: string;
  bleed: Box;
  at: { x: number; y: number };
  common: RenderCommon;
}) {
  const { colors, fonts } = common.doc.settings;
  const background = resolveColor(2, colors) ?? '#1d3557';
  const ink = resolveColor(4, colors) ?? '#ffffff';
  return (
    <RenderRoot {...common}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`${bleed.x} ${bleed.y} ${bleed.width} ${bleed.height}`}
        style={{
          position: 'absolute',
          left: `${at.x}mm`,
          top: `${at.y}mm`,
          width: `${bleed.width}mm`,
          height: `${bleed.height}mm`,
          display: 'block',
        }}
        data-stickerpack
      >
        <rect x={bleed.x} y={bleed.y} width={bleed.width} height={bleed.height} fill={background} />
        <text
          x={120}
          y={33}
          textAnchor="middle"
          fontFamily={fontStack(fonts.title)}
          fontSize={11}
          fontWeight={700}
          fill={ink}
        >
          {title}
        </text>
        <text
          x={120}
          y={50}
          textAnchor="middle"
          fontFamily={fontStack(fonts.sub_title)}
          fontSize={9}
          letterSpacing={1.5}
          fill={ink}
        >
          stickerpack
        </text>
      </svg>
    </RenderRoot>
  );
}
