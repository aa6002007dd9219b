/**
 * The album preflight and statistics as the API shows them (GET /albums/:id, GET /albums/:id/checkout): the
 * entries of packages/model `albumPreflight` with a message in the request's language, and the SPEC §3
 * statistics. The pixel sizes come from the album's image records; stock photos are skipped here (their sizes
 * are the provider's, and the editor judges them with what the provider reports).
 */
import {
  albumPreflight,
  albumStatistics,
  type AlbumDocument,
  type ImagePixels,
  type PreflightCode,
  type PreflightEntry,
} from '@stickerbook/model';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { images } from '../db/schema.ts';
import type { AlbumStatisticsView, PreflightEntryView } from '@stickerbook/api';
import type { Language, Translations } from '../i18n/languages.ts';

/** A message is a text, or a text of the entry's count. */
type Message = string | ((count: number) => string);

const MESSAGES: Translations<Record<PreflightCode, Message>> = {
  de: {
    EMPTY_STICKER_CELL: 'Ein Stickerfeld ist noch leer.',
    STICKER_WITHOUT_NAME: 'Name muss ausgefüllt werden',
    IMAGE_RESOLUTION_TOO_LOW: 'Ein Bild hat eine zu niedrige Auflösung für den Druck (unter 75 dpi).',
    EMPTY_SECTION: 'Ein Kapitel hat noch keine Seiten.',
    SPREADS_MISSING_FOR_BINDING: (count) => `Für die Bindung fehlen noch Doppelseiten: ${count}`,
  },
  en: {
    EMPTY_STICKER_CELL: 'A sticker cell is still empty.',
    STICKER_WITHOUT_NAME: 'Name is required',
    IMAGE_RESOLUTION_TOO_LOW: 'An image has too low a resolution for print (below 75 dpi).',
    EMPTY_SECTION: 'A chapter has no pages yet.',
    SPREADS_MISSING_FOR_BINDING: (count) => `Spreads still to add for binding: ${count}`,
  },
  fr: {
    EMPTY_STICKER_CELL: 'Une case de sticker est encore vide.',
    STICKER_WITHOUT_NAME: 'Le nom est obligatoire',
    IMAGE_RESOLUTION_TOO_LOW: 'Une image a une résolution trop faible pour l’impression (moins de 75 dpi).',
    EMPTY_SECTION: 'Un chapitre n’a pas encore de pages.',
    SPREADS_MISSING_FOR_BINDING: (count) => `Doubles pages encore à ajouter pour la reliure : ${count}`,
  },
  it: {
    EMPTY_STICKER_CELL: 'Una casella per figurina è ancora vuota.',
    STICKER_WITHOUT_NAME: 'Il nome è obbligatorio',
    IMAGE_RESOLUTION_TOO_LOW: 'Un’immagine ha una risoluzione troppo bassa per la stampa (meno di 75 dpi).',
    EMPTY_SECTION: 'Un capitolo non ha ancora pagine.',
    SPREADS_MISSING_FOR_BINDING: (count) => `Doppie pagine ancora da aggiungere per la rilegatura: ${count}`,
  },
  pl: {
    EMPTY_STICKER_CELL: 'Pole na naklejkę jest jeszcze puste.',
    STICKER_WITHOUT_NAME: 'Imię jest wymagane',
    IMAGE_RESOLUTION_TOO_LOW: 'Zdjęcie ma zbyt niską rozdzielczość do druku (poniżej 75 dpi).',
    EMPTY_SECTION: 'Rozdział nie ma jeszcze stron.',
    SPREADS_MISSING_FOR_BINDING: (count) => `Rozkładówki do dodania przed oprawą: ${count}`,
  },
};

/** Original pixel sizes of the album's image records, by image id. */
async function albumImagePixels(db: Db, albumId: string): Promise<Map<string, ImagePixels>> {
  const rows = await db
    .select({ id: images.id, details: images.details })
    .from(images)
    .where(eq(images.albumId, albumId));
  const pixels = new Map<string, ImagePixels>();
  for (const row of rows) {
    const { width, height } = row.details as { width?: number; height?: number };
    if (typeof width === 'number' && typeof height === 'number') pixels.set(row.id, { width, height });
  }
  return pixels;
}

export interface AlbumChecks {
  errors: PreflightEntry[];
  statistics: AlbumStatisticsView;
}

function albumChecks(doc: AlbumDocument, pixels: ReadonlyMap<string, ImagePixels>): AlbumChecks {
  const { inlaySpreadsCount, spreadsNeeded, spine } = albumStatistics(doc);
  return { errors: albumPreflight(doc, pixels), statistics: { inlaySpreadsCount, spreadsNeeded, spine } };
}

export async function loadAlbumChecks(db: Db, albumId: string, doc: AlbumDocument): Promise<AlbumChecks> {
  return albumChecks(doc, await albumImagePixels(db, albumId));
}

export function preflightView(entries: readonly PreflightEntry[], language: Language): PreflightEntryView[] {
  return entries.map((entry) => {
    const message = MESSAGES[language][entry.code];
    return { ...entry, message: typeof message === 'string' ? message : message(entry.count ?? 1) };
  });
}
