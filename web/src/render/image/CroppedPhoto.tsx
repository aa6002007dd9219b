import { cropLayout, type CropInput } from './crop.ts';
import { FilterDef } from './FilterDef.tsx';
import type { FilterStep } from './filters.ts';
import { useNaturalSize } from './useNaturalSize.ts';

export interface CroppedPhotoProps {
  url: string;
  /** Pixel size from the image record; measured from the file when absent. */
  size?: { width: number; height: number };
  width: number;
  height: number;
  radius?: number;
  crop: Pick<CropInput, 'cx' | 'cy' | 'cscale' | 'crotation'>;
  clipId: string;
  filterId?: string;
  steps?: FilterStep[];
}

/** A photo inside its frame: cropped (cx, cy, cscale, crotation), clipped to the frame, filtered. */
export function CroppedPhoto(props: CroppedPhotoProps) {
  const { url, width, height, radius, clipId, filterId, steps } = props;
  const size = useNaturalSize(url, props.size);
  const layout = size
    ? cropLayout({
        frameWidth: width,
        frameHeight: height,
        imageWidth: size.width,
        imageHeight: size.height,
        ...props.crop,
      })
    : undefined;
  const hasFilter = filterId !== undefined && steps !== undefined && steps.length > 0;
  return (
    <>
      <defs>
        <clipPath id={clipId}>
          <rect width={width} height={height} rx={radius || undefined} ry={radius || undefined} />
        </clipPath>
        {hasFilter && <FilterDef id={filterId} steps={steps} />}
      </defs>
      <g clipPath={`url(#${clipId})`}>
        {layout ? (
          <image
            href={url}
            x={layout.x}
            y={layout.y}
            width={layout.width}
            height={layout.height}
            transform={layout.transform}
            preserveAspectRatio="none"
            filter={hasFilter ? `url(#${filterId})` : undefined}
          />
        ) : (
          // Size not known yet: a centred cover crop until the file has been measured.
          <image
            href={url}
            width={width}
            height={height}
            preserveAspectRatio="xMidYMid slice"
            filter={hasFilter ? `url(#${filterId})` : undefined}
          />
        )}
      </g>
    </>
  );
}
