import { describe, expect, it } from 'vitest';
import { elementTransform, sameContent } from './transform.ts';

const box = { x: 10, y: 20, width: 40, height: 30 };

describe('elementTransform', () => {
  it('only translates an element without rotation, scale or flip', () => {
    expect(elementTransform(box)).toBe('translate(10 20)');
  });
  it('rotates around the centre of the box', () => {
    expect(elementTransform({ ...box, rotation: 45 })).toBe('translate(10 20) rotate(45 20 15)');
  });
  it('rotates around the centre of the scaled box, then scales from the corner', () => {
    expect(elementTransform({ ...box, rotation: 90, scale: 2 })).toBe(
      'translate(10 20) rotate(90 40 30) scale(2)',
    );
  });
  it('mirrors horizontally inside the box', () => {
    expect(elementTransform({ ...box, flip: { x: true } })).toBe(
      'translate(10 20) translate(40 0) scale(-1 1)',
    );
  });
  it('mirrors both ways inside the box', () => {
    expect(elementTransform({ ...box, flip: { x: true, y: true } })).toBe(
      'translate(10 20) translate(40 30) scale(-1 -1)',
    );
  });
});

describe('sameContent', () => {
  const props = { ...box, fill: 2 };
  it('ignores position, rotation, scale, flip, opacity and blend', () => {
    const moved = {
      ...props,
      x: 99,
      y: 1,
      rotation: 5,
      scale: 2,
      flip: { x: true },
      opacity: 10,
      blend: 'multiply',
    };
    expect(sameContent({ id: 'a', props }, { id: 'a', props: moved })).toBe(true);
  });
  it('sees a changed fill or size', () => {
    expect(sameContent({ id: 'a', props }, { id: 'a', props: { ...props, fill: 3 } })).toBe(false);
    expect(sameContent({ id: 'a', props }, { id: 'a', props: { ...props, width: 41 } })).toBe(false);
  });
});
