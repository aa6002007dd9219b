import { describe, expect, it } from 'vitest';
import { RenderRoot } from './RenderRoot.tsx';
import { SpreadContent } from './SpreadContent.tsx';
import { docWith, renderDom, withProps } from './test-support.tsx';
import type { ImageVariant } from './variant.ts';

const doc = docWith([
  { type: 'Image', id: 'photo', props: { x: 0, y: 0, width: 60, height: 40, image: 'img-1' } },
  { type: 'Rectangle', id: 'box', props: { x: 100, y: 0, width: 10, height: 10, fill: 2 } },
]);
const urlFor = (imageId: string, variant: ImageVariant) => `/images/${imageId}/${variant}.jpg`;

function view(props: { hidden: boolean; variant: ImageVariant; doc?: typeof doc }) {
  return (
    <RenderRoot doc={props.doc ?? doc} imageUrlFor={urlFor} imageVariant={props.variant}>
      <svg>
        <SpreadContent spreadId="spread" hidden={props.hidden} />
      </svg>
    </RenderRoot>
  );
}

const photoHref = (container: HTMLElement) =>
  container.querySelector('[data-node-id="photo"] image')?.getAttribute('href');

describe('a hidden spread (editor: out of view, still mounted)', () => {
  it('is not drawn, keeps its elements, and keeps the image tier it was shown with until shown again', () => {
    const screen = renderDom(view({ hidden: false, variant: 'small' }));
    expect(photoHref(screen.container)).toBe('/images/img-1/small.jpg');

    screen.rerender(view({ hidden: true, variant: 'small' }));
    const group = screen.container.querySelector('[data-spread-id="spread"]')!;
    expect(group.getAttribute('display')).toBe('none');
    expect(screen.container.querySelectorAll('[data-node-id]')).toHaveLength(2);

    // Zoomed to a new tier while hidden: the hidden spread does not load the larger photos.
    screen.rerender(view({ hidden: true, variant: 'medium' }));
    expect(photoHref(screen.container)).toBe('/images/img-1/small.jpg');

    // Shown again: drawn, and on the current tier once the deferred render has run (act flushes it).
    screen.rerender(view({ hidden: false, variant: 'medium' }));
    expect(group.getAttribute('display')).toBeNull();
    expect(photoHref(screen.container)).toBe('/images/img-1/medium.jpg');
    screen.unmount();
  });

  it('still follows document changes to its elements while hidden', () => {
    const screen = renderDom(view({ hidden: true, variant: 'small' }));
    screen.rerender(view({ hidden: true, variant: 'small', doc: withProps(doc, 'box', { x: 150 }) }));
    expect(screen.container.querySelector('[data-node-id="box"]')?.getAttribute('transform')).toBe(
      'translate(150 0)',
    );
    screen.unmount();
  });
});
