import { z } from 'zod';
import type { AlbumAccess, AlbumRow } from '../repositories/albums.ts';
import type { Organization } from '../repositories/organizations.ts';
import { organizationSchema } from '@stickerbook/api';
import { coverPreviewUrl } from './cover-preview.ts';
import { albumStatisticsSchema, preflightEntrySchema, type PreflightEntryView } from './preflight-view.ts';

/** docs/api-contract.md AlbumSummary: what the start page lists. */
export const albumSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  releaseDate: z.string().nullable(),
  language: z.string(),
  category: z.string().nullable(),
  blueprint_category: z.string().nullable(),
  blueprint_title: z.string().nullable(),
  cover_preview_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  owner_identifier: z.string(),
  is_owner: z.boolean(),
});

/** The SPEC §3 Album fields that exist so far; order, preview and sticker-link fields fill in with their issues. */
export const albumSchema = albumSummarySchema.extend({
  blueprint_album_id: z.string().nullable(),
  identifier: z.string(),
  organization: organizationSchema.nullable(),
  locked: z.boolean(),
  hasOrder: z.boolean(),
  lastOrderId: z.string().nullable(),
  emailNotificationsEnabled: z.boolean(),
  bookSpine: z.boolean(),
  stickerUploadEnabled: z.boolean(),
  stickerUploadWhiteLabel: z.boolean(),
  stickerUploadContent: z.string().nullable(),
  stickerUploadCustomDomain: z.string().nullable(),
  stickerUploadRequirePosition: z.boolean(),
  stickerUploadSurpriseMode: z.boolean(),
  stickerUploadAskForTitle: z.boolean(),
  stickerUploadAnonymousUrl: z.boolean(),
  /** The public sticker link, `/s/<token>`; null until the link is first switched on (issue 8). */
  stickerUploadsPath: z.string().nullable(),
  /** SPEC §3: the public preview link, `/album/<id>/preview/<token>`; null for guests' albums (SPEC §6). */
  albumPreviewPath: z.string().nullable(),
  colors: z.array(z.string()),
  fonts: z.object({ title: z.string(), sub_title: z.string(), paragraph: z.string() }),
  /**
   * SPEC §3 album fields kept in the document's settings (one place, saved and undone with the album); here as
   * the spec names them. `onboardingState` is derived, not stored: GET /albums/{id}/onboarding_state.
   */
  stickerTemplateId: z.number().int(),
  stickerTemplateSettings: z.object({ id: z.number().int(), blank_enabled: z.boolean() }),
  customFonts: z.array(z.object({ name: z.string() })),
  /** The AlbumDocument of packages/model. */
  workspace: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  access: z.enum(['owner', 'collaborator', 'admin']),
  /** Issue 13: the preflight (what blocks an order) and the SPEC §3 statistics; GET and PATCH carry them. */
  errors: z.array(preflightEntrySchema).optional(),
  statistics: albumStatisticsSchema.optional(),
  /** SPEC §3: how many different stickers the album has (a double sticker is one sort). */
  total_sticker_sorts: z.number().int(),
});

export type AlbumSummaryView = z.infer<typeof albumSummarySchema>;
export type AlbumView = z.infer<typeof albumSchema>;

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
export function totalStickerSorts(doc: { stickers?: Record<string, unknown> }): number {
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
