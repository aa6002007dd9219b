import { cropMarks, type SheetGeometry } from '@stickerbook/model';

/** 0.25 pt hairlines, the usual weight of crop marks. */
export const MARK_STROKE_MM = 0.088;

/** Crop marks (and fold marks at `foldsX`, trim coordinates) in the slug, drawn over the whole sheet. */
export function SheetMarks({ geometry, foldsX = [] }: { geometry: SheetGeometry; foldsX?: number[] }) {
  const marks = cropMarks(geometry, foldsX);
  if (marks.length === 0) return null;
  return (
    <g stroke="#000000" strokeWidth={MARK_STROKE_MM} fill="none" data-crop-marks={marks.length}>
      {marks.map((m, i) => (
        <line key={i} x1={m.x1} y1={m.y1} x2={m.x2} y2={m.y2} />
      ))}
    </g>
  );
}
