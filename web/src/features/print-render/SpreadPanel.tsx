import type { Box } from '@stickerbook/model';
import { RenderRoot, SpreadContent, type RenderRootProps } from '../../render/index.ts';

export type RenderCommon = Omit<RenderRootProps, 'children'>;

/**
 * A rectangle of one spread (spread coordinates, mm) placed at `at` on the sheet. Each panel has its own
 * RenderRoot, so SVG ids (clips, gradients, filters) are unique even when a spread is drawn twice (both pages,
 * both halves of the cover) and when other sheets are hidden.
 */
export function SpreadPanel({
  spreadId,
  region,
  at,
  common,
}: {
  spreadId: string;
  region: Box;
  at: { x: number; y: number };
  common: RenderCommon;
}) {
  return (
    <RenderRoot {...common}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`${region.x} ${region.y} ${region.width} ${region.height}`}
        style={{
          position: 'absolute',
          left: `${at.x}mm`,
          top: `${at.y}mm`,
          width: `${region.width}mm`,
          height: `${region.height}mm`,
          display: 'block',
          overflow: 'hidden',
        }}
        data-spread-panel={spreadId}
      >
        <SpreadContent spreadId={spreadId} />
      </svg>
    </RenderRoot>
  );
}
