/** The blueprint seed file shape the server loads (`server/seeds/blueprints/<id>.json`). */
import type { AlbumDocument } from '@stickerbook/model';
import { AlbumBuilder } from './doc.ts';

export type BlueprintCategory = 'business' | 'wedding' | 'sports' | 'birthday' | 'school' | 'community';

export interface BlueprintFonts {
  title: string;
  sub_title: string;
  paragraph: string;
}

export interface BlueprintSeed {
  id: string;
  title: string;
  blueprint_category: BlueprintCategory;
  /** Index 0/1: dark and light base colours; 2-4: primary, secondary, tertiary (SPEC §3 Album colors). */
  colors: string[];
  fonts: BlueprintFonts;
  images: [];
  workspace: AlbumDocument;
}

export interface BlueprintMeta {
  id: string;
  title: string;
  category: BlueprintCategory;
  colors: string[];
  fonts: BlueprintFonts;
  /** The sticker frame every sticker of an album made from this blueprint is drawn with. */
  stickerTemplateId: number;
}

/** Starts an album document whose settings carry the blueprint's palette, fonts and sticker frame. */
export function startAlbum(meta: BlueprintMeta, idPrefix: string): AlbumBuilder {
  return new AlbumBuilder(idPrefix, {
    colors: meta.colors,
    fonts: meta.fonts,
    stickerTemplateId: meta.stickerTemplateId,
    stickerTemplateSettings: { id: meta.stickerTemplateId, blank_enabled: false },
    customFonts: [],
  });
}

export function blueprintSeed(meta: BlueprintMeta, album: AlbumBuilder): BlueprintSeed {
  return {
    id: meta.id,
    title: meta.title,
    blueprint_category: meta.category,
    colors: meta.colors,
    fonts: meta.fonts,
    images: [],
    workspace: album.build(),
  };
}
