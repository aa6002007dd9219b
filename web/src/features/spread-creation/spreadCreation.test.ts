import { describe, expect, it } from 'vitest';
import { stickerFormPath, stickerFormTarget } from '../sticker-form/stickerFormRoute.ts';
import { isSpreadModalImage } from './FileDropArea.tsx';
import { addSpreadPath, spreadCreationTarget } from './route.ts';
import { nameFromFile } from './SpreadCreationModal.tsx';

const file = (name: string, type: string) => new File(['x'], name, { type });

describe('spread creation modal rules', () => {
  it('accepts jpeg, jpg, png and gif and nothing else', () => {
    expect(isSpreadModalImage(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isSpreadModalImage(file('a.gif', 'image/gif'))).toBe(true);
    expect(isSpreadModalImage(file('a.png', 'image/png'))).toBe(true);
    expect(isSpreadModalImage(file('a.svg', 'image/svg+xml'))).toBe(false);
    expect(isSpreadModalImage(file('notes.txt', 'text/plain'))).toBe(false);
    // Without a type from the browser, the extension decides.
    expect(isSpreadModalImage(file('IMG_1.JPEG', ''))).toBe(true);
    expect(isSpreadModalImage(file('doc.pdf', ''))).toBe(false);
  });

  it('names a sticker after its photo, at most 30 characters', () => {
    expect(nameFromFile(file('anna_meier.jpg', 'image/jpeg'))).toBe('anna meier');
    expect(nameFromFile(file(`${'x'.repeat(40)}.png`, 'image/png'))).toHaveLength(30);
  });

  it('opens after a given spread or at the end, from the layouts URL', () => {
    expect(addSpreadPath('alb', 'sp1')).toBe('/album/alb/layouts?after=sp1');
    expect(spreadCreationTarget(new URLSearchParams('after=sp1'))).toEqual({ afterSpreadId: 'sp1' });
    expect(spreadCreationTarget(new URLSearchParams('new'))).toEqual({});
    expect(spreadCreationTarget(new URLSearchParams(''))).toBeNull();
  });
});

describe('sticker form URL', () => {
  it('round-trips a new sticker for an empty cell and an existing sticker', () => {
    const path = stickerFormPath('alb', { stickerId: 'new', cellId: 'c1' });
    expect(path).toBe('/album/alb/stickers?sticker=new&cell=c1');
    expect(stickerFormTarget(new URLSearchParams(path.split('?')[1]))).toEqual({
      stickerId: 'new',
      sectionId: undefined,
      cellId: 'c1',
    });
    expect(stickerFormTarget(new URLSearchParams(''))).toBeNull();
  });
});
