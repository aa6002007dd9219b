/**
 * SPEC §7 albums: the album as the start page lists it and as the editor opens it, the preflight and statistics
 * both carry, and the create and change requests.
 */
import { LANGUAGES, PREFLIGHT_CODES } from '@stickerbook/model';
import { z } from 'zod';
import { organizationInputSchema, organizationSchema } from './shared.ts';

export const preflightEntrySchema = z.object({
  code: z.enum(PREFLIGHT_CODES),
  message: z.string(),
  spread_id: z.string().optional(),
  element_id: z.string().optional(),
  sticker_id: z.string().optional(),
  section_id: z.string().optional(),
  count: z.number().int().optional(),
});

const albumStatisticsSchema = z.object({
  inlaySpreadsCount: z.number().int(),
  spreadsNeeded: z.number().int(),
  spine: z.number(),
});

/** docs/api-contract.md AlbumSummary: what the start page lists. */
const albumSummarySchema = z.object({
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

const albumTitleSchema = z.string().trim().min(1, 'Title may not be empty').max(200);
const hexColor = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'Must be a hex colour');

/** POST /albums: a new album from a blueprint (SPEC §7). */
export const createAlbumSchema = z.strictObject({
  blueprint_id: z.string().min(1).max(100),
  title: albumTitleSchema.optional(),
  release_date: z.iso.date().nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
  organization: organizationInputSchema.optional(),
  empty_inside: z.boolean().optional(),
  analytics_metadata: z
    .record(z.string().max(100), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .optional(),
});

/** PATCH /albums/{id}: the album fields an owner changes; every field optional. */
export const patchAlbumSchema = z.strictObject({
  title: albumTitleSchema.optional(),
  releaseDate: z.iso.date().nullable().optional(),
  language: z.enum(LANGUAGES).optional(),
  fonts: z
    .strictObject({
      title: z.string().min(1).max(100),
      sub_title: z.string().min(1).max(100),
      paragraph: z.string().min(1).max(100),
    })
    .optional(),
  colors: z.array(hexColor).min(2).max(20).optional(),
  locked: z.boolean().optional(),
  email_notifications_enabled: z.boolean().optional(),
  bookSpine: z.boolean().optional(),
  stickerUploadEnabled: z.boolean().optional(),
  stickerUploadWhiteLabel: z.boolean().optional(),
  stickerUploadContent: z.string().max(2000).nullable().optional(),
  stickerUploadCustomDomain: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'Must be a host name')
    .max(253)
    .nullable()
    .optional(),
  stickerUploadRequirePosition: z.boolean().optional(),
  stickerUploadSurpriseMode: z.boolean().optional(),
  stickerUploadAskForTitle: z.boolean().optional(),
  stickerUploadAnonymousUrl: z.boolean().optional(),
});

/** GET /albums. */
export const albumListSchema = z.object({ albums: z.array(albumSummarySchema) });

export type AlbumSummaryView = z.infer<typeof albumSummarySchema>;
export type AlbumListView = z.infer<typeof albumListSchema>;
export type AlbumView = z.infer<typeof albumSchema>;
export type PreflightEntryView = z.infer<typeof preflightEntrySchema>;
export type AlbumStatisticsView = z.infer<typeof albumStatisticsSchema>;
export type CreateAlbumBody = z.input<typeof createAlbumSchema>;
export type PatchAlbumBody = z.input<typeof patchAlbumSchema>;
