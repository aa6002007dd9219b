import { memo } from 'react';
import { catalogueFonts, fontFaceCss } from './fontFaces.ts';

/**
 * Adds the @font-face rules of the given families to the document head (React 19 hoists and dedupes
 * <style href precedence>, so twenty previews of one album add each family once). Render it outside
 * any <svg>: React only hoists from HTML.
 */
export const FontLoader = memo(function FontLoader({ families }: { families: readonly string[] }) {
  return (
    <>
      {catalogueFonts(families).map((font) => (
        <style key={font.id} href={`stickerbook-font-${font.id}`} precedence="stickerbook-fonts">
          {fontFaceCss(font)}
        </style>
      ))}
    </>
  );
});
