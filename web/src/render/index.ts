export { SpreadSvg } from './SpreadSvg.tsx';
export { RenderRoot, type RenderRootProps } from './RenderRoot.tsx';
export { SpreadContent } from './SpreadContent.tsx';
export { NodeView } from './NodeView.tsx';
export { variantForZoom, type ImageVariant } from './variant.ts';
export { resolveColor } from './paint.ts';
export { FontLoader } from './fonts/FontLoader.tsx';
export { FONT_CATALOGUE, fontStack } from './fonts/catalogue.ts';
export type { ImageUrlFor, ImageSizeFor } from './RenderContext.tsx';
