import type { CSSProperties } from 'react';
import { SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM } from '@stickerbook/model';
import { RenderRoot, type RenderRootProps } from './RenderRoot.tsx';
import { SpreadContent } from './SpreadContent.tsx';
import { BLEED_MM } from './units.ts';

export interface SpreadSvgProps extends Omit<RenderRootProps, 'children'> {
  spreadId: string;
  /** Show the 2 mm bleed around the trimmed spread (with a trim guide unless printing). */
  showBleed?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * A 460 x 297 mm spread as a standalone <svg> in millimetre user units. Print mode sizes it in mm
 * for page.pdf and hides editor-only things (comments, guides); otherwise it is zoom px per mm, or
 * fills its container when no zoom is given.
 */
export function SpreadSvg({ spreadId, showBleed = false, className, style, ...root }: SpreadSvgProps) {
  const bleed = showBleed ? BLEED_MM : 0;
  const width = SPREAD_WIDTH_MM + 2 * bleed;
  const height = SPREAD_HEIGHT_MM + 2 * bleed;
  const size = root.printMode
    ? { width: `${width}mm`, height: `${height}mm` }
    : root.zoom !== undefined
      ? { width: width * root.zoom, height: height * root.zoom }
      : { width: '100%' };
  return (
    <RenderRoot {...root}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`${-bleed} ${-bleed} ${width} ${height}`}
        className={className}
        style={{ display: 'block', ...style }}
        {...size}
      >
        <SpreadContent spreadId={spreadId} showGuides={showBleed && !root.printMode} />
      </svg>
    </RenderRoot>
  );
}
