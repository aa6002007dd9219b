import { describe, expect, it } from 'vitest';
import type { AlbumDocument } from '../document.ts';
import { run, smallAlbum, withNode } from '../testing/test-support.ts';
import { emptyImageSlotAt, fillImageSlot, isEmptyImageSlot } from './image-slots.ts';

/**
 * Spread p1 bottom to top: a background slot across both pages, a page tint over the left page, a filled photo on
 * the left page, an empty frame on the right page, and a group holding an empty frame at the bottom right.
 */
function spreadWithSlots(): AlbumDocument {
  let doc = smallAlbum();
  doc = withNode(doc, 'bg', 'Image', 'p1', 'a0', { x: 0, y: 0, width: 460, height: 297, opacity: 35 });
  doc = withNode(doc, 'tint', 'Rectangle', 'p1', 'a1', { x: 0, y: 0, width: 230, height: 297, fill: 2 });
  doc = withNode(doc, 'photo', 'Image', 'p1', 'a2', {
    x: 20,
    y: 20,
    width: 100,
    height: 80,
    image: 'img-old',
  });
  doc = withNode(doc, 'frame', 'Image', 'p1', 'a3', {
    x: 260,
    y: 20,
    width: 100,
    height: 80,
    cx: 0.2,
    cscale: 2,
  });
  doc = withNode(doc, 'g', 'Group', 'p1', 'a4', { x: 260, y: 200, width: 80, height: 60 });
  doc = withNode(doc, 'inner', 'Image', 'g', 'a0', { x: 0, y: 0, width: 80, height: 60 });
  return doc;
}

describe('finding the empty image slot under a drop', () => {
  it('finds the background slot under the page tint that covers it', () => {
    expect(emptyImageSlotAt(spreadWithSlots(), 'p1', { x: 150, y: 200 })?.id).toBe('bg');
  });

  it('prefers the topmost empty slot: a frame over the background slot wins', () => {
    expect(emptyImageSlotAt(spreadWithSlots(), 'p1', { x: 300, y: 50 })?.id).toBe('frame');
  });

  it('finds an empty frame inside a group', () => {
    expect(emptyImageSlotAt(spreadWithSlots(), 'p1', { x: 300, y: 230 })?.id).toBe('inner');
  });

  it('finds nothing over a filled photo, even with an empty slot below it', () => {
    expect(emptyImageSlotAt(spreadWithSlots(), 'p1', { x: 50, y: 50 })).toBeUndefined();
  });

  it('skips locked slots, and everything in a locked group', () => {
    let doc = spreadWithSlots();
    doc = run(doc, { patches: [{ op: 'add', path: '/nodes/frame/props/locked', value: true }] });
    doc = run(doc, { patches: [{ op: 'add', path: '/nodes/g/props/locked', value: true }] });
    expect(emptyImageSlotAt(doc, 'p1', { x: 300, y: 50 })?.id).toBe('bg');
    expect(emptyImageSlotAt(doc, 'p1', { x: 300, y: 230 })?.id).toBe('bg');
  });

  it('counts an Image with a stock photo as filled', () => {
    const doc = spreadWithSlots();
    const stock = { ...doc.nodes.frame, props: { ...doc.nodes.frame.props, pexelsId: 7 } };
    expect(isEmptyImageSlot(doc.nodes.frame)).toBe(true);
    expect(isEmptyImageSlot(stock)).toBe(false);
    expect(isEmptyImageSlot(doc.nodes.tint)).toBe(false);
  });
});

describe('filling an image slot', () => {
  it('puts the image in and resets the crop so the photo covers the frame', () => {
    const doc = spreadWithSlots();
    const next = run(doc, fillImageSlot(doc, 'frame', { image: 'img-new' }));
    expect(next.nodes.frame.props).toEqual({ x: 260, y: 20, width: 100, height: 80, image: 'img-new' });
    expect(Object.keys(next.nodes)).toEqual(Object.keys(doc.nodes));
  });

  it('keeps the slot’s place and look (a background stays faded)', () => {
    const doc = spreadWithSlots();
    const next = run(doc, fillImageSlot(doc, 'bg', { image: 'img-new' }));
    expect(next.nodes.bg.props).toEqual({
      x: 0,
      y: 0,
      width: 460,
      height: 297,
      opacity: 35,
      image: 'img-new',
    });
  });

  it('takes a stock photo instead of an image record', () => {
    const doc = spreadWithSlots();
    const next = run(doc, fillImageSlot(doc, 'inner', { pexelsId: 1001 }));
    expect(next.nodes.inner.props).toMatchObject({ pexelsId: 1001 });
    expect(next.nodes.inner.props.image).toBeUndefined();
  });
});
