import { describe, expect, it, vi } from 'vitest';
import { RenderRoot } from './RenderRoot.tsx';
import { SpreadContent } from './SpreadContent.tsx';
import { docWith, renderDom } from './test-support.tsx';
import { shapePaint } from './elements/shapePaint.tsx';
import type { ImageVariant } from './variant.ts';

// shapePaint runs once per content render of a Rectangle, Circle or Image: counting calls counts renders.
vi.mock('./elements/shapePaint.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./elements/shapePaint.tsx')>();
  return { ...actual, shapePaint: vi.fn(actual.shapePaint) };
});

const rendersOf = (id: string) =>
  vi.mocked(shapePaint).mock.calls.filter(([, nodeId]) => nodeId === id).length;

const doc = docWith([
  { type: 'Image', id: 'photo', props: { x: 0, y: 0, width: 60, height: 40, image: 'img-1' } },
  { type: 'Rectangle', id: 'box', props: { x: 100, y: 0, width: 10, height: 10, fill: 2 } },
]);
const urlFor = (imageId: string, variant: ImageVariant) => `/images/${imageId}/${variant}.jpg`;
const view = (variant: ImageVariant) => (
  <RenderRoot doc={doc} imageUrlFor={urlFor} imageVariant={variant}>
    <svg>
      <SpreadContent spreadId="spread" />
    </svg>
  </RenderRoot>
);

describe('a zoom into another image tier (SPEC §9 resolution tiers)', () => {
  it('re-renders the photos with the new variant and leaves shapes alone', () => {
    vi.mocked(shapePaint).mockClear();
    const screen = renderDom(view('small'));
    screen.rerender(view('large'));
    expect(screen.container.querySelector('[data-node-id="photo"] image')?.getAttribute('href')).toBe(
      '/images/img-1/large.jpg',
    );
    expect([rendersOf('photo'), rendersOf('box')]).toEqual([2, 1]);
    screen.unmount();
  });
});
