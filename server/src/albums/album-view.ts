import type { AlbumAccess, AlbumRow } from '../album-store/albums.ts';
import type { Organization } from '../users/organizations.ts';
import type { AlbumSummaryView, AlbumView, PreflightEntryView } from '@stickerbook/api';
import { coverPreviewUrl } from './cover-preview.ts';

export type { AlbumSummaryView, AlbumView };

/**
 * `hasCoverPreview`: whether the cover thumbnail has been rendered (albums/cover-preview.ts); the start page's list
 * knows it and sends null until then, so the card draws the cover itself meanwhile.
 */
export function toAlbumSummary(
  row: Omit<AlbumRow, 'workspace'>,
  isOwner: boolean,
  hasCoverPreview = true,
): AlbumSummaryView {
  return {
    id: row.id,
    title: row.title,
    releaseDate: row.releaseDate,
    language: row.language,
    category: row.category,
    blueprint_category: row.blueprintCategory,
    blueprint_title: row.blueprintTitle,
    cover_preview_url: hasCoverPreview ? coverPreviewUrl(row) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    owner_identifier: row.ownerIdentifier,
    is_owner: isOwner,
  };
}

/** The web route of the album's public preview link (SPEC §2); guests share no links (SPEC §6). */
export function albumPreviewPath(
  row: Pick<AlbumRow, 'id' | 'ownerIdentifier' | 'previewToken'>,
): string | null {
  if (row.ownerIdentifier.startsWith('guest:')) return null;
  return `/album/${encodeURIComponent(row.id)}/preview/${row.previewToken}`;
}

/** SPEC §3 total_sticker_sorts: each sticker of the document is one sort, single or double. */
function totalStickerSorts(doc: { stickers?: Record<string, unknown> }): number {
  return Object.keys(doc.stickers ?? {}).length;
}

export function toAlbumView(
  row: AlbumRow,
  access: AlbumAccess,
  organization: Organization | undefined,
  checks?: { errors: PreflightEntryView[]; statistics: AlbumView['statistics'] },
  stickerSorts: number = totalStickerSorts(row.workspace),
): AlbumView {
  const s = row.settings;
  return {
    ...toAlbumSummary(row, access === 'owner'),
    blueprint_album_id: row.blueprintAlbumId,
    identifier: row.identifier,
    organization: organization ?? null,
    locked: row.locked,
    hasOrder: row.hasOrder,
    lastOrderId: row.lastOrderId,
    emailNotificationsEnabled: s.emailNotificationsEnabled ?? true,
    bookSpine: s.bookSpine ?? true,
    stickerUploadEnabled: s.stickerUploadEnabled ?? false,
    stickerUploadWhiteLabel: s.stickerUploadWhiteLabel ?? false,
    stickerUploadContent: s.stickerUploadContent ?? null,
    stickerUploadCustomDomain: s.stickerUploadCustomDomain ?? null,
    stickerUploadRequirePosition: s.stickerUploadRequirePosition ?? false,
    stickerUploadSurpriseMode: s.stickerUploadSurpriseMode ?? false,
    stickerUploadAskForTitle: s.stickerUploadAskForTitle ?? false,
    stickerUploadAnonymousUrl: s.stickerUploadAnonymousUrl ?? false,
    stickerUploadsPath: s.stickerUploadToken ? `/s/${s.stickerUploadToken}` : null,
    albumPreviewPath: albumPreviewPath(row),
    colors: row.workspace.settings.colors,
    fonts: row.workspace.settings.fonts,
    stickerTemplateId: row.workspace.settings.stickerTemplateId,
    stickerTemplateSettings: row.workspace.settings.stickerTemplateSettings,
    customFonts: row.workspace.settings.customFonts,
    workspace: row.workspace as unknown as Record<string, unknown>,
    version: row.version,
    access,
    ...checks,
    total_sticker_sorts: stickerSorts,
  };
}
