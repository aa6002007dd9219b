import type { Sticker } from '@stickerbook/model';
import { fontStack } from '../fonts/catalogue.ts';
import type { ReactNode } from 'react';

const MARGIN_MM = 2;
const BAND_MM = 14;

/** The frame used when the album's template is not at hand: white border, name, position and number. */
export function FallbackFrame(props: {
  width: number;
  height: number;
  sticker: Sticker;
  number?: number;
  font: string;
  photo: (box: { x: number; y: number; width: number; height: number }) => ReactNode;
}) {
  const { width, height, sticker, number, font } = props;
  const family = fontStack(font);
  const textWidth = width - 2 * MARGIN_MM;
  const nameSize = Math.min(3.4, textWidth / Math.max(1, sticker.name.length * 0.55));
  const positionSize = Math.min(2.4, textWidth / Math.max(1, sticker.position.length * 0.5));
  return (
    <g data-sticker-cell="filled">
      <rect width={width} height={height} fill="#ffffff" stroke="#dee2e6" strokeWidth={0.3} />
      {props.photo({
        x: MARGIN_MM,
        y: MARGIN_MM,
        width: width - 2 * MARGIN_MM,
        height: height - MARGIN_MM - BAND_MM,
      })}
      <text
        x={width / 2}
        y={height - BAND_MM + 6}
        textAnchor="middle"
        fontFamily={family}
        fontSize={nameSize}
        fontWeight={700}
        fill="#212529"
      >
        {sticker.name}
      </text>
      <text
        x={width / 2}
        y={height - BAND_MM + 10.5}
        textAnchor="middle"
        fontFamily={family}
        fontSize={positionSize}
        fill="#495057"
      >
        {sticker.position}
      </text>
      {number !== undefined && (
        <g transform={`translate(${MARGIN_MM + 3.5} ${MARGIN_MM + 3.5})`}>
          <circle r={3.2} fill="#ffffff" opacity={0.9} />
          <text
            textAnchor="middle"
            dominantBaseline="central"
            fontFamily={family}
            fontSize={3}
            fontWeight={700}
            fill="#212529"
          >
            {number}
          </text>
        </g>
      )}
    </g>
  );
}
