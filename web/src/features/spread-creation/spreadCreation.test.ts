import { describe, expect, it } from 'vitest';
import { stickerFormPath, stickerFormTarget } from '../sticker-form/stickerFormRoute.ts';
import { isSpreadModalImage } from './FileDropArea.tsx';
import { convertGifsToPng, isGifHeader, needsPngConversion, pngFileName } from './gifToPng.ts';
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

  it('converts a file to PNG before the upload exactly when its content is a GIF, whatever its name or type', async () => {
    const gifBytes = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]);
    const pngBytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(isGifHeader(new TextEncoder().encode('GIF87a'))).toBe(true);
    expect(isGifHeader(new TextEncoder().encode('GIF90a'))).toBe(false);
    expect(await needsPngConversion(new File([gifBytes], 'team.gif', { type: 'image/gif' }))).toBe(true);
    expect(await needsPngConversion(new File([gifBytes], 'team', { type: '' }))).toBe(true);
    expect(await needsPngConversion(new File([gifBytes], 'renamed.jpg', { type: 'image/jpeg' }))).toBe(true);
    expect(await needsPngConversion(new File([pngBytes], 'photo.gif', { type: 'image/gif' }))).toBe(false);
    expect(await needsPngConversion(new File([pngBytes], 'photo.png', { type: 'image/png' }))).toBe(false);
  });

  it('keeps the file name with a .png extension for the converted GIF', () => {
    expect(pngFileName('team photo.gif')).toBe('team photo.png');
    expect(pngFileName('Team.GIF')).toBe('Team.png');
    expect(pngFileName('team')).toBe('team.png');
    expect(pngFileName('my.team.gif')).toBe('my.team.png');
  });

  it('passes other photos to the upload unchanged and in order', async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'a.png');
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'b.jpg');
    const converted = await convertGifsToPng([png, jpeg]);
    expect(converted[0]).toBe(png);
    expect(converted[1]).toBe(jpeg);
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
