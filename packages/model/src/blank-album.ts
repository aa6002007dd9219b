/**
 * A new album (`createBlankAlbum`): the smallest useful album, with the default colours, fonts and sticker frame.
 * `DocumentBuilder` appends nodes in order with fresh fractional indices; the test fixtures build with it too.
 */
import { generateNKeysBetween } from 'fractional-indexing';
import type { AlbumDocument, AlbumSettings, DocNode, Sticker } from './document.ts';
import { sequentialIds, type IdFactory } from './ids.ts';

const DEFAULT_SETTINGS: AlbumSettings = {
  colors: ['#ffffff', '#000000', '#1d3557', '#e63946', '#f1faee'],
  fonts: { title: 'Montserrat', sub_title: 'Lato', paragraph: 'Open Sans' },
  stickerTemplateId: 595,
  stickerTemplateSettings: { id: 595, blank_enabled: false },
  customFonts: [],
};

export class DocumentBuilder {
  readonly nodes: Record<string, DocNode> = {};
  readonly stickers: Record<string, Sticker> = {};
  private readonly lastKey = new Map<string, string | null>();

  constructor(
    readonly newId: IdFactory,
    readonly rootId: string,
  ) {
    this.nodes[rootId] = { id: rootId, type: 'Root', parentId: null, index: 'a0', props: {} };
  }

  add(type: DocNode['type'], parentId: string, props: Record<string, unknown>): string {
    const id = this.newId();
    const [index] = generateNKeysBetween(this.lastKey.get(parentId) ?? null, null, 1);
    this.lastKey.set(parentId, index);
    this.nodes[id] = { id, type, parentId, index, props };
    return id;
  }

  doc(settings: AlbumSettings): AlbumDocument {
    return { schemaVersion: 1, rootId: this.rootId, nodes: this.nodes, stickers: this.stickers, settings };
  }
}

/** A new album: a static cover section with the cover spread, one content section with one spread, and a static
 * back-cover section with the back spread. */
export function createBlankAlbum(options: { sectionName?: string; newId?: IdFactory } = {}): AlbumDocument {
  const builder = new DocumentBuilder(options.newId ?? sequentialIds('n'), 'root');
  const cover = builder.add('Section', 'root', { name: 'Cover', static: true });
  builder.add('Spread', cover, {});
  const content = builder.add('Section', 'root', { name: options.sectionName ?? 'Section 1', static: false });
  builder.add('Spread', content, {});
  const back = builder.add('Section', 'root', { name: 'Back', static: true });
  builder.add('Spread', back, {});
  return builder.doc(defaultSettings());
}

/** A fresh copy of the default settings, so no album shares (and mutates) another's. */
export function defaultSettings(): AlbumSettings {
  return JSON.parse(JSON.stringify(DEFAULT_SETTINGS)) as AlbumSettings;
}
