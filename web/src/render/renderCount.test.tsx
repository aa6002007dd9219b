import { describe, expect, it, vi } from 'vitest';
import { SpreadSvg } from './SpreadSvg.tsx';
import { docWith, renderDom, withProps } from './test-support.tsx';
import { shapePaint } from './elements/shapePaint.tsx';

// shapePaint runs once per render of a Rectangle's or Circle's content: counting its calls counts content renders.
vi.mock('./elements/shapePaint.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./elements/shapePaint.tsx')>();
  return { ...actual, shapePaint: vi.fn(actual.shapePaint) };
});

const rendersOf = (id: string) =>
  vi.mocked(shapePaint).mock.calls.filter(([, nodeId]) => nodeId === id).length;

describe('content memoisation (DESIGN.md performance rule)', () => {
  const base = docWith([
    { type: 'Rectangle', props: { x: 0, y: 0, width: 10, height: 10, fill: 2 }, id: 'moved' },
    { type: 'Circle', props: { x: 20, y: 0, width: 10, height: 10, fill: 3 }, id: 'other' },
  ]);

  it('re-renders no content when only x and y change', () => {
    vi.mocked(shapePaint).mockClear();
    const view = renderDom(<SpreadSvg doc={base} spreadId="spread" />);
    expect([rendersOf('moved'), rendersOf('other')]).toEqual([1, 1]);
    let doc = base;
    for (let step = 1; step <= 5; step++) {
      doc = withProps(doc, 'moved', { x: step * 3, y: step });
      view.rerender(<SpreadSvg doc={doc} spreadId="spread" />);
    }
    expect(view.container.querySelector('[data-node-id="moved"]')?.getAttribute('transform')).toBe(
      'translate(15 5)',
    );
    expect([rendersOf('moved'), rendersOf('other')]).toEqual([1, 1]);
  });

  it('re-renders no content for rotation, scale or opacity either', () => {
    vi.mocked(shapePaint).mockClear();
    const view = renderDom(<SpreadSvg doc={base} spreadId="spread" />);
    view.rerender(
      <SpreadSvg doc={withProps(base, 'moved', { rotation: 45, scale: 2, opacity: 50 })} spreadId="spread" />,
    );
    expect(rendersOf('moved')).toBe(1);
  });

  it('re-renders only the changed element when its fill changes', () => {
    vi.mocked(shapePaint).mockClear();
    const view = renderDom(<SpreadSvg doc={base} spreadId="spread" />);
    view.rerender(<SpreadSvg doc={withProps(base, 'moved', { fill: 4 })} spreadId="spread" />);
    expect([rendersOf('moved'), rendersOf('other')]).toEqual([2, 1]);
    expect(view.container.querySelector('[data-node-id="moved"] rect')?.getAttribute('fill')).toBe('#f2c14e');
  });
});
