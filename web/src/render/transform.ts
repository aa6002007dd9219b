import type { ElementProps } from '@stickerbook/model';

type Placement = Pick<ElementProps, 'x' | 'y' | 'width' | 'height' | 'rotation' | 'scale' | 'flip'>;

/**
 * The outer transform of an element: its box is (x, y, width * scale, height * scale); rotation turns
 * around the centre of that box, then the content is scaled from the top-left corner and flipped in
 * place. Content components draw in the unscaled 0..width x 0..height box.
 */
export function elementTransform(p: Placement): string {
  const scale = p.scale ?? 1;
  const parts = [`translate(${p.x ?? 0} ${p.y ?? 0})`];
  if (p.rotation) parts.push(`rotate(${p.rotation} ${(p.width * scale) / 2} ${(p.height * scale) / 2})`);
  if (scale !== 1) parts.push(`scale(${scale})`);
  const flipX = Boolean(p.flip?.x);
  const flipY = Boolean(p.flip?.y);
  if (flipX || flipY) {
    parts.push(
      `translate(${flipX ? p.width : 0} ${flipY ? p.height : 0})`,
      `scale(${flipX ? -1 : 1} ${flipY ? -1 : 1})`,
    );
  }
  return parts.join(' ');
}

/** Props that only the outer <g> uses: changing them must not re-render an element's content. */
const FRAME_ONLY_PROPS: ReadonlySet<string> = new Set([
  'x',
  'y',
  'rotation',
  'scale',
  'flip',
  'opacity',
  'blend',
  'locked',
  'alwaysOnTop',
]);

/** React.memo comparison for content components: equal unless a content prop changed. */
export function sameContent(
  a: { id: string; props: Record<string, unknown> },
  b: { id: string; props: Record<string, unknown> },
): boolean {
  if (a.id !== b.id) return false;
  if (a.props === b.props) return true;
  const keys = new Set([...Object.keys(a.props), ...Object.keys(b.props)]);
  for (const key of keys) {
    if (!FRAME_ONLY_PROPS.has(key) && !Object.is(a.props[key], b.props[key])) return false;
  }
  return true;
}
