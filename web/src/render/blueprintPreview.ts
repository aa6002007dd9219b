import type { FullBlueprintView } from '@stickerbook/api';
import type { WithDocument } from '../api/types.ts';
import type { AlbumDocument, AlbumMeta } from '@stickerbook/model';
import type { ImageUrlFor } from './RenderContext.tsx';

/** GET /blueprints/{id}: a blueprint with its document. */
export type BlueprintResponse = WithDocument<FullBlueprintView>;

export interface PreviewParams {
  blueprintId?: string;
  blueprintName?: string;
  colors?: string[];
  fonts: Partial<AlbumDocument['settings']['fonts']>;
  title?: string;
  releaseDate?: number;
  stickerTemplateId?: number;
}

/** SPEC §2 /blueprint_preview query: colors, fonts.*, blueprintName, blueprintId, title, releaseDate (ms), sticker_template_settings.id. */
export function parsePreviewParams(query: URLSearchParams): PreviewParams {
  const text = (key: string) => query.get(key)?.trim() || undefined;
  const number = (key: string) => {
    const value = Number(text(key));
    return text(key) !== undefined && Number.isFinite(value) ? value : undefined;
  };
  return {
    blueprintId: text('blueprintId'),
    blueprintName: text('blueprintName'),
    colors: parseColors(text('colors')),
    fonts: {
      title: text('fonts.title'),
      sub_title: text('fonts.sub_title'),
      paragraph: text('fonts.paragraph'),
    },
    title: text('title'),
    releaseDate: number('releaseDate'),
    stickerTemplateId: number('sticker_template_settings.id'),
  };
}

/** A JSON array or a comma-separated list; hex colours may come without their '#'. */
function parseColors(raw: string | undefined): string[] | undefined {
  if (!raw) return undefined;
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    list = raw.split(',');
  }
  if (!Array.isArray(list)) return undefined;
  const colors = list
    .map((c) => String(c).trim())
    .filter(Boolean)
    .map((c) => (/^[0-9a-f]{3,8}$/i.test(c) ? `#${c}` : c));
  return colors.length > 0 ? colors : undefined;
}

/** The blueprint's document with the preview's colours, fonts and sticker template applied. */
export function previewDocument(blueprint: BlueprintResponse, params: PreviewParams): AlbumDocument {
  const doc = blueprint.workspace;
  const fonts = { ...doc.settings.fonts, ...blueprint.fonts };
  for (const role of ['title', 'sub_title', 'paragraph'] as const)
    fonts[role] = params.fonts[role] ?? fonts[role];
  const templateId = params.stickerTemplateId ?? doc.settings.stickerTemplateId;
  return {
    ...doc,
    settings: {
      ...doc.settings,
      colors: params.colors ?? (blueprint.colors.length > 0 ? blueprint.colors : doc.settings.colors),
      fonts,
      stickerTemplateId: templateId,
      stickerTemplateSettings: { ...doc.settings.stickerTemplateSettings, id: templateId },
    },
  };
}

export function previewMeta(blueprint: BlueprintResponse, params: PreviewParams, language = 'de'): AlbumMeta {
  const releaseDate = params.releaseDate === undefined ? null : new Date(params.releaseDate).toISOString();
  return { title: params.title ?? params.blueprintName ?? blueprint.title, releaseDate, language };
}

/** Image records of the blueprint (id + blob variants) as an imageUrlFor; unknown shapes are skipped. */
export function imageUrlsFromRecords(records: unknown[] | undefined): ImageUrlFor {
  const byId = new Map<string, Record<string, unknown>>();
  for (const record of records ?? []) {
    const r = record as { id?: unknown; blob?: unknown };
    if ((typeof r.id === 'string' || typeof r.id === 'number') && r.blob && typeof r.blob === 'object') {
      byId.set(String(r.id), r.blob as Record<string, unknown>);
    }
  }
  return (imageId, variant) => {
    const blob = byId.get(imageId);
    const url = blob?.[variant] ?? blob?.full ?? blob?.original;
    return typeof url === 'string' ? url : undefined;
  };
}
