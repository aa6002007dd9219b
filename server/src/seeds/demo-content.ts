/**
 * Sample content for the demo album (development only): a release date and a dozen people as stickers with
 * illustrated portraits, placed in the album's first sticker cells, so a fresh install opens on an album that
 * looks like one in use. Runs once, on an album nobody has edited yet (version 0).
 */
import {
  applyPatches,
  createSticker,
  descendantsOf,
  isStaticSection,
  placeSticker,
  sectionOf,
  spreadsInOrder,
  type AlbumDocument,
} from '@stickerbook/model';
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { albums } from '../db/schema.ts';
import { insertBlob, markBlobUploaded } from '../images/repository.ts';
import { createImageFromBlob, imageServices } from '../images/service.ts';
import { currentAlbumDocument, replaceAlbumDocument } from '../album-store/albums.ts';
import { findUserByEmail } from '../users/repository.ts';
import { DEMO_EMAIL } from './accounts.ts';

export interface DemoPerson {
  name: string;
  position: string;
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { name: 'Mia Fischer', position: 'Birthday girl' },
  { name: 'Noah Schmidt', position: 'Best friend' },
  { name: 'Lea Rossi', position: 'Cousin' },
  { name: 'Luca Bianchi', position: 'Neighbour' },
  { name: 'Emma Martin', position: 'Classmate' },
  { name: 'Jakub Nowak', position: 'Football team' },
  { name: 'Zoé Laurent', position: 'Dance class' },
  { name: 'Ben Weber', position: 'Brother' },
  { name: 'Sofia Romano', position: 'Grandma' },
  { name: 'Hugo Bernard', position: 'Grandpa' },
  { name: 'Anna Kowalska', position: 'Aunt' },
  { name: 'Felix Wagner', position: 'Uncle' },
];

const SKIN = ['#f1c7a5', '#e0ac8a', '#c68863', '#8d5a3b', '#f6d5bd', '#b97a56'];
const HAIR = ['#3b2417', '#6b4226', '#d9a65a', '#1f1b1a', '#a8432a', '#8a8580'];
const BACKDROP = [
  ['#4ecdc4', '#2a9d8f'],
  ['#ffb347', '#ff7f50'],
  ['#a29bfe', '#6c5ce7'],
  ['#ff8fab', '#e05780'],
  ['#8ecae6', '#219ebc'],
  ['#b5e48c', '#52b69a'],
];
const SHIRT = ['#264653', '#e76f51', '#f4a261', '#2a9d8f', '#6d597a', '#e63946'];

/** A friendly flat portrait (600 × 840 px, the sticker's 5 : 7), different for every index. */
function portraitSvg(index: number): string {
  const pick = <T>(list: readonly T[], salt: number) => list[(index * 7 + salt) % list.length];
  const [from, to] = pick(BACKDROP, 1);
  const skin = pick(SKIN, 2);
  const hair = pick(HAIR, 3);
  const shirt = pick(SHIRT, 4);
  const longHair = index % 2 === 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="840" viewBox="0 0 600 840">
  <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="600" height="840" fill="url(#b)"/>
  <circle cx="${120 + (index % 3) * 180}" cy="150" r="60" fill="#ffffff" opacity="0.18"/>
  ${longHair ? `<path d="M150 400 Q140 170 300 165 Q460 170 450 400 L450 600 L150 600 Z" fill="${hair}"/>` : ''}
  <path d="M70 840 Q80 620 300 600 Q520 620 530 840 Z" fill="${shirt}"/>
  <rect x="262" y="480" width="76" height="120" rx="30" fill="${skin}"/>
  <ellipse cx="300" cy="380" rx="130" ry="150" fill="${skin}"/>
  <path d="M170 350 Q175 220 300 215 Q425 220 430 350 Q380 270 300 285 Q220 270 170 350 Z" fill="${hair}"/>
  <circle cx="252" cy="390" r="12" fill="#2b2b2b"/><circle cx="348" cy="390" r="12" fill="#2b2b2b"/>
  <path d="M255 455 Q300 490 345 455" stroke="#7a3b2e" stroke-width="9" fill="none" stroke-linecap="round"/>
  <circle cx="222" cy="440" r="18" fill="#ff7f7f" opacity="0.35"/><circle cx="378" cy="440" r="18" fill="#ff7f7f" opacity="0.35"/>
</svg>`;
}

/** The empty sticker cells of the non-static sections, in album order. */
export function emptyStickerCells(doc: AlbumDocument): string[] {
  const cells: string[] = [];
  for (const spread of spreadsInOrder(doc)) {
    if (isStaticSection(sectionOf(doc, spread.id))) continue;
    for (const node of descendantsOf(doc, spread.id))
      if (node.type === 'StickerCell' && !node.props.stickerId) cells.push(node.id);
  }
  return cells;
}

/** Adds the people as stickers with their portraits (image ids in the same order) and places them. */
function withDemoStickers(
  doc: AlbumDocument,
  people: readonly DemoPerson[],
  imageIds: readonly string[],
): AlbumDocument {
  const cells = emptyStickerCells(doc);
  let next = doc;
  people.forEach((person, i) => {
    const created = createSticker(next, {
      name: person.name,
      position: person.position,
      doubleSticker: false,
      image: imageIds[i] ?? null,
    });
    next = applyPatches(next, created.patches);
    const cell = cells[i];
    if (cell) next = applyPatches(next, placeSticker(next, created.selection[0]!, cell).patches);
  });
  return next;
}

/** Three months from today, as the album's release date (YYYY-MM-DD). */
function releaseDateFromToday(): string {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() + 3);
  return date.toISOString().slice(0, 10);
}

/** Fills the demo account's untouched album once. */
export async function fillDemoAlbum(app: FastifyInstance): Promise<void> {
  const db = app.ctx.database.db;
  const user = await findUserByEmail(db, DEMO_EMAIL);
  if (!user) return;
  const [album] = await db
    .select({ id: albums.id })
    .from(albums)
    .where(and(eq(albums.ownerIdentifier, user.id), eq(albums.version, 0)));
  if (!album) return;
  const current = await currentAlbumDocument(db, album.id);
  if (!current || Object.keys(current.doc.stickers).length > 0) return;

  const services = imageServices(app);
  const imageIds: string[] = [];
  for (const [i, person] of DEMO_PEOPLE.entries()) {
    const bytes = await sharp(Buffer.from(portraitSvg(i)))
      .jpeg({ quality: 88 })
      .toBuffer();
    const blob = await insertBlob(db, {
      ownerIdentifier: user.id,
      filename: `${person.name.toLowerCase().replace(/\W+/g, '-')}.jpg`,
      contentType: 'image/jpeg',
      byteSize: bytes.length,
      checksum: createHash('md5').update(bytes).digest('base64'),
    });
    await services.storage.put(blob.storageKey, bytes, 'image/jpeg');
    await markBlobUploaded(db, blob.id);
    const image = await createImageFromBlob(services, {
      albumId: album.id,
      blob: { ...blob, state: 'uploaded' },
      model: 'sticker',
      uploaderIdentifier: user.id,
      // Illustrations: no face to look for, so the variants job skips the detector (and its model's memory).
      face: null,
    });
    imageIds.push(image.id);
  }
  await replaceAlbumDocument(db, album.id, withDemoStickers(current.doc, DEMO_PEOPLE, imageIds));
  await db.update(albums).set({ releaseDate: releaseDateFromToday() }).where(eq(albums.id, album.id));
}
