import { describe, expect, it } from 'vitest';
import { elementFrameSelector } from './ElementFrame.tsx';

describe('elementFrameSelector', () => {
  it('finds the frame of an element whose id holds quotes, backslashes or a line break, and no other', () => {
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const ids = ['plain', 'with"quote', 'back\\slash', 'line\nbreak', 'with'];
    for (const id of ids) {
      const frame = document.createElementNS('http://www.w3.org/2000/svg', 'g');
      frame.setAttribute('data-node-id', id);
      svg.append(frame);
    }
    for (const id of ids) {
      const found = svg.querySelectorAll(elementFrameSelector(id));
      expect(found).toHaveLength(1);
      expect(found[0]?.getAttribute('data-node-id')).toBe(id);
    }
  });
});
