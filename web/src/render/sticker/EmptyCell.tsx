import { fontStack } from '../fonts/catalogue.ts';

/**
 * An empty sticker cell: the slot with a person silhouette and the sticker's number. The dashed outline is the
 * editor's (it says "drop a sticker here"); a print file gets the slot without it (`print`).
 */
export function EmptyCell({
  width,
  height,
  number,
  font,
  print = false,
}: {
  width: number;
  height: number;
  number?: number;
  font: string;
  print?: boolean;
}) {
  const cx = width / 2;
  const unit = Math.min(width, height * 0.72);
  const head = unit * 0.12;
  const shoulders = { rx: unit * 0.25, ry: height * 0.15, cy: height * 0.66 };
  return (
    <g data-sticker-cell="empty">
      <rect
        width={width}
        height={height}
        rx={1.5}
        fill="#f1f3f5"
        {...(print ? {} : { stroke: '#adb5bd', strokeWidth: 0.35, strokeDasharray: '1.6 1' })}
      />
      <circle cx={cx} cy={height * 0.34} r={head} fill="#ced4da" />
      <path
        d={`M${cx - shoulders.rx} ${shoulders.cy}A${shoulders.rx} ${shoulders.ry} 0 0 1 ${cx + shoulders.rx} ${shoulders.cy}Z`}
        fill="#ced4da"
      />
      {number !== undefined && (
        <text
          x={cx}
          y={height * 0.86}
          textAnchor="middle"
          dominantBaseline="middle"
          fontFamily={fontStack(font)}
          fontSize={Math.min(6, height * 0.09)}
          fontWeight={700}
          fill="#868e96"
        >
          {number}
        </text>
      )}
    </g>
  );
}
