import type { AlbumDocument, StickerTemplate } from '@stickerbook/model';
import { sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  /** Also the JWT `sub` and the album `owner_identifier` of the user's albums. */
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** scrypt, see auth/passwords.ts; null for accounts that only log in through OIDC. */
  passwordHash: text('password_hash'),
  oidcSubject: text('oidc_subject').unique(),
  nickname: text('nickname'),
  picture: text('picture'),
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  locale: text('locale'),
  cookieConsent: jsonb('cookie_consent'),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const guests = pgTable('guests', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
});

/**
 * Rotating refresh tokens: only a hash is stored; each refresh marks the old one used and issues the next in
 * the same family. Presenting a used token again revokes the whole family (it was probably stolen).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    /** User id or guest id, as in the access token's `sub`. */
    subject: uuid('subject').notNull(),
    kind: text('kind', { enum: ['user', 'guest'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** PKCE verifier and nonce of an OIDC login between /auth/oidc/start and the callback. */
export const oidcLoginAttempts = pgTable('oidc_login_attempts', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  createdAt: createdAt(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** User id or 'guest:<guest id>', moved with the albums on guest migration. */
    ownerIdentifier: text('owner_identifier').notNull(),
    name: text('name').notNull(),
    size: text('size', { enum: ['1-150', '151-200', '201-1000', '1000+'] }).notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    contactRole: text('contact_role', { enum: ['member', 'lead', 'senior', 'executive'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('organizations_owner_idx').on(t.ownerIdentifier)],
);

/** Album settings outside the document: notifications, sticker link, spine, onboarding. */
export interface AlbumSettingsRecord {
  emailNotificationsEnabled?: boolean;
  bookSpine?: boolean;
  stickerUploadEnabled?: boolean;
  stickerUploadWhiteLabel?: boolean;
  stickerUploadContent?: string | null;
  stickerUploadCustomDomain?: string | null;
  stickerUploadRequirePosition?: boolean;
  stickerUploadSurpriseMode?: boolean;
  stickerUploadAskForTitle?: boolean;
  /** Sticker link (issue 8): the public page does not show the album title. */
  stickerUploadAnonymousUrl?: boolean;
  /** Sticker link (issue 8): the unguessable token of /s/<token>, made when the link is first switched on. */
  stickerUploadToken?: string;
  analyticsMetadata?: Record<string, unknown>;
}

export const albums = pgTable(
  'albums',
  {
    /** Unguessable (22 chars base64url, 128 random bits) so an id alone reveals nothing. */
    id: text('id').primaryKey(),
    ownerIdentifier: text('owner_identifier').notNull(),
    title: text('title').notNull().default('Titel des Albums'),
    releaseDate: text('release_date'),
    language: text('language').notNull().default('de'),
    category: text('category'),
    blueprintAlbumId: text('blueprint_album_id'),
    blueprintCategory: text('blueprint_category'),
    blueprintTitle: text('blueprint_title'),
    /** Short human-readable code staff use on the phone and in the dashboard. */
    identifier: text('identifier').notNull().unique(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    locked: boolean('locked').notNull().default(false),
    settings: jsonb('settings').$type<AlbumSettingsRecord>().notNull().default({}),
    /**
     * The token of the public preview link /album/<id>/preview/<token> (SPEC §2, §7): 244 random bits made by the
     * database for every album (and for each rotation, which sets it back to this default); unique, so the public
     * route finds the album by its token alone.
     */
    previewToken: text('preview_token')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    workspace: jsonb('workspace').$type<AlbumDocument>().notNull(),
    version: integer('version').notNull().default(0),
    /**
     * The version `workspace` reflects (issue 6): a mutation stores only its log row and bumps `version`, and
     * the log rows after this version are folded into `workspace` later (albums/repository.ts
     * `currentAlbumDocument` is how every reader sees the current document).
     */
    snapshotVersion: integer('snapshot_version').notNull().default(0),
    /** Ordering (issue 13): set in the transaction that places an order; a second order is allowed. */
    hasOrder: boolean('has_order').notNull().default(false),
    lastOrderId: uuid('last_order_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('albums_owner_idx').on(t.ownerIdentifier),
    // The admin dashboard's album list (issue 14): every sort and scope from an index, search by trigrams.
    index('albums_created_idx').on(t.createdAt, t.id),
    index('albums_release_idx').on(t.releaseDate, t.id),
    index('albums_updated_idx').on(t.updatedAt),
    index('albums_has_order_created_idx').on(t.hasOrder, t.createdAt, t.id),
    index('albums_search_idx').using('gin', sql`lower(${t.title} || ' ' || ${t.identifier}) gin_trgm_ops`),
  ],
);

/** Collaborators; the owner is `albums.owner_identifier`, not a row here. */
export const albumMembers = pgTable(
  'album_members',
  {
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.userId] }), index('album_members_user_idx').on(t.userId)],
);

/**
 * Invitations to collaborate (SPEC §3 Invitation: id, email, created_at, inviter, album). Pending until
 * accepted (`accepted_at` set; the invitee becomes an `album_members` row) or cancelled (the row is deleted,
 * SPEC §7 DELETE /invitations/{id}). The onboarding step has_invitations reads them.
 */
export const albumInvitations = pgTable(
  'album_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    inviterId: uuid('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    /** The unguessable token of /invitations/{token}/accept. */
    token: text('token').notNull().unique(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /**
     * Who accepted: any signed-in holder of the token may accept once (the link may reach the invitee under
     * another address than the one invited); after that the token only opens the album for this user.
     */
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('album_invitations_album_idx').on(t.albumId)],
);

/** One row per accepted document mutation (DESIGN.md "The album document"); filled by the sync issue. */
export const albumMutations = pgTable(
  'album_mutations',
  {
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    patches: jsonb('patches').notNull(),
    userIdentifier: text('user_identifier').notNull(),
    // Realtime (issue 6): the sending connection and its mutation id, so a mutation re-sent after a reconnect
    // is acknowledged again instead of applied twice. Null for changes that did not come through sync.
    clientId: text('client_id'),
    mutationId: text('mutation_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.albumId, t.version] }),
    uniqueIndex('album_mutations_mutation_idx').on(t.albumId, t.mutationId),
  ],
);

export const blueprints = pgTable('blueprints', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  category: text('category').notNull(),
  workspace: jsonb('workspace').$type<AlbumDocument>().notNull(),
  colors: jsonb('colors').$type<string[]>().notNull(),
  fonts: jsonb('fonts').$type<AlbumDocument['settings']['fonts']>().notNull(),
  images: jsonb('images').$type<unknown[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const stickerTemplates = pgTable('sticker_templates', {
  id: integer('id').primaryKey(),
  data: jsonb('data').$type<StickerTemplate>().notNull(),
});

/** Mail without SMTP lands here (DESIGN.md "Outside services"); admins read it at a dev mailbox page. */
export const outboxMails = pgTable('outbox_mails', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /**
   * Files attached to the mail, by reference: the storage key of a file that is stored anyway (an issued invoice's
   * PDF, which never changes), never the bytes, so the outbox stays small and shows what SMTP would have attached.
   */
  attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}

/**
 * Mails that must go out once (jobs/mail.ts `dedupeKey`, e.g. an invoice's mail): a job retried after its mail
 * was handed over finds its key here and sends nothing. For the outbox the key and the mail are one transaction;
 * for SMTP the key is written right after the server accepted the mail (a crash in between is the one way left to
 * send twice: SMTP has no idempotency).
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  key: text('key').primaryKey(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * SPEC §7 help widget, built-in form (server/src/support): what someone wrote to the team, with who it was (the
 * signed-in user's e-mail, else the one typed in) and the album id they were on. The album id is kept as the text
 * that was sent, with no reference: it may name an album the sender has no access to.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestId: uuid('guest_id'),
    albumId: text('album_id'),
    message: text('message').notNull(),
    pagePath: text('page_path'),
    userAgent: text('user_agent'),
    language: text('language').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_created_idx').on(t.createdAt)],
);

// Images (issue 5): uploaded files and image records ------------------------------------------------------------

/**
 * A file in storage (`storageKey`), created by POST /direct_uploads before its bytes arrive. `byteSize` and
 * `checksum` (base64 MD5) are what the client declared; the upload is refused unless the bytes match them.
 */
export const blobs = pgTable(
  'blobs',
  {
    id: text('id').primaryKey(),
    /** Who may attach it: the uploader's owner identifier (user id or 'guest:<id>'). */
    ownerIdentifier: text('owner_identifier').notNull(),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    /** Declared by the client; the real type comes from the content (images/checks.ts). */
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    checksum: text('checksum').notNull(),
    state: text('state', { enum: ['pending', 'uploaded', 'attached'] })
      .notNull()
      .default('pending'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('blobs_owner_idx').on(t.ownerIdentifier)],
);

/** SPEC §3 image record. Variant files live in storage under `images/<id>/<variant>.<ext>`. */
export interface ImageRecordDetails {
  width: number;
  height: number;
  /** The largest face as fractions of the image (0-1). */
  face?: { x: number; y: number; width: number; height: number } | null;
}

export type ImageVariantName = 'small' | 'medium' | 'large' | 'full' | 'original';
export type ImageVariantsState = 'queued' | 'working' | 'finished' | 'error';
export interface ImageVariantFile {
  key: string;
  width: number;
  height: number;
  contentType: string;
}

export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    /** Who uploaded it (owner identifier). */
    uploaderIdentifier: text('uploader_identifier').notNull(),
    model: text('model', { enum: ['image', 'sticker'] }).notNull(),
    blobId: text('blob_id')
      .notNull()
      .references(() => blobs.id),
    /** Type from the content: image/jpeg, image/png or image/svg+xml. */
    contentType: text('content_type').notNull(),
    filename: text('filename').notNull(),
    details: jsonb('details').$type<ImageRecordDetails>().notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    variants: jsonb('variants')
      .$type<Partial<Record<ImageVariantName, ImageVariantFile>>>()
      .notNull()
      .default({}),
    variantsState: text('variants_state', { enum: ['queued', 'working', 'finished', 'error'] })
      .notNull()
      .default('queued'),
    variantsError: text('variants_error'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set on blueprint images and on AI edits (the image it was made from). */
    blueprintImage: boolean('blueprint_image').notNull().default(false),
    originalImageId: text('original_image_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_album_idx').on(t.albumId)],
);

// Print (issue 7): export jobs ------------------------------------------------------------------------------------

/** SPEC §3 render job params (plus our `cropMarks` and `pdfx`); the print settings of packages/model/print.ts. */
export interface RenderJobParams {
  album_id: string;
  mode: string;
  format: 'pdf' | 'jpg' | 'png';
  resolution: 'auto' | 'small' | 'medium' | 'large' | 'full' | 'original';
  dpi: number;
  range: string;
  showStickers: boolean;
  includeCover: boolean;
  includeBleed: boolean;
  compress: boolean;
  cropMarks: boolean;
  pdfx: boolean;
  /** Stickerpack exports: the draw of stickers into packs, fixed per job so retries make the same file. */
  seed?: number;
}

export interface RenderJobSettings {
  label?: string;
  custom?: boolean;
  preset?: string;
  /** A proof's stamp language: the album's language when the proof was asked for. */
  language?: string | null;
}

/**
 * One export (SPEC §3 render job): queued -> working -> finished | error. The pg-boss job carries only the id;
 * this row is what the jobs tab polls (state, progress) and where the result file is recorded.
 */
export const renderJobs = pgTable(
  'render_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').notNull(),
    state: text('state', { enum: ['queued', 'working', 'finished', 'error'] })
      .notNull()
      .default('queued'),
    /** 0-100. */
    progress: integer('progress').notNull().default(0),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesTotal: integer('pages_total'),
    params: jsonb('params').$type<RenderJobParams>().notNull(),
    settings: jsonb('settings').$type<RenderJobSettings>().notNull().default({}),
    /** Attempts started (pg-boss retries a crashed or failed run). */
    attempts: integer('attempts').notNull().default(0),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    contentType: text('content_type'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('render_jobs_album_idx').on(t.albumId, t.createdAt)],
);

/**
 * "Download my data" (GDPR Art. 15/20, issue 24): one zip per request, built by the `data-export` job
 * (accounts/data-export.ts). working -> finished | error; the row goes with the account.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked: the user, or an admin from the back office. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['working', 'finished', 'error'] })
      .notNull()
      .default('working'),
    /** 0-100. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    byteSize: integer('byte_size'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);

// Stock photos and AI image edits (issue 5) ------------------------------------------------------------------------

/** Storage keys of a library photo's sizes, named like Pexels' `src` (SPEC §3 stock photo). */
export type StockPhotoSize = 'tiny' | 'small' | 'medium' | 'large' | 'large2x' | 'original';
export type StockPhotoFiles = Record<
  StockPhotoSize,
  { key: string; width: number; height: number; contentType: string }
>;

/** Stock photo ids are below this: safe integers in JavaScript and in a document's `pexelsId`. */
export const STOCK_PHOTO_ID_LIMIT = 2 ** 48;
/** A random stock photo id (crypto.randomInt's range ends just there). */
export const newStockPhotoId = () => randomInt(1, STOCK_PHOTO_ID_LIMIT);

/**
 * The local stock library (DESIGN.md "Outside services": the default without PEXELS_API_KEY): photos an admin
 * uploads with photographer and tags. Integer ids, because documents reference stock photos by `pexelsId` (a
 * number, as Pexels' are); random like every other id (`newStockPhotoId`), so they say nothing about the library.
 * Photos added before ids were random keep their small ones: documents reference them.
 */
export const stockPhotos = pgTable(
  'stock_photos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().$defaultFn(newStockPhotoId),
    title: text('title').notNull().default(''),
    photographer: text('photographer').notNull(),
    photographerUrl: text('photographer_url'),
    alt: text('alt').notNull().default(''),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    blobId: text('blob_id')
      .notNull()
      .references(() => blobs.id),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    files: jsonb('files').$type<StockPhotoFiles>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stock_photos_created_idx').on(t.createdAt)],
);

export type ImageEditJobState =
  'queued' | 'requesting' | 'request_sent' | 'connected' | 'request_accepted' | 'done' | 'error';

/**
 * One AI edit of an image (SPEC §4 AI image edit states). The stream token is stored only as a hash and works for
 * this job and its creator only; the result is a new image record (`resultImageId`), the original is kept.
 */
export const imageEditJobs = pgTable(
  'image_edit_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    /** Owner identifier of the user who started it (user id or 'guest:<id>'). */
    createdBy: text('created_by').notNull(),
    prompt: text('prompt').notNull(),
    state: text('state', {
      enum: ['queued', 'requesting', 'request_sent', 'connected', 'request_accepted', 'done', 'error'],
    })
      .notNull()
      .default('queued'),
    partialImages: integer('partial_images').notNull().default(0),
    streamTokenHash: text('stream_token_hash').notNull(),
    resultImageId: text('result_image_id'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('image_edit_jobs_image_idx').on(t.imageId)],
);

// Sticker link (issue 8) ----------------------------------------------------------------------------------------

/** What a contributor measured and, once detected, where the face is (fractions of the photo). */
export interface StickerUploadDetails {
  width: number;
  height: number;
  face?: { x: number; y: number; width: number; height: number } | null;
}

/** A photo a contributor sent through the album's sticker link (SPEC §3 "Sticker upload (collected)"). */
export const stickerUploads = pgTable(
  'sticker_uploads',
  {
    id: text('id').primaryKey(),
    albumId: text('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    lastName: text('last_name').notNull().default(''),
    position: text('position').notNull().default(''),
    /** A Section node id of the album document, or null for 'I don't know'. */
    sectionId: text('section_id'),
    /** The id the contributor's browser sent with the submission (SPEC §3 "Public submission"). */
    clientId: text('client_id').notNull(),
    /**
     * The contributor session the server issued with the first submission (a signed token kept in the browser's
     * local storage); only that session may see and replace the upload. Null for uploads older than sessions.
     */
    sessionId: text('session_id'),
    /** When the owner's batched new-uploads e-mail listed it (or was skipped for it); null while waiting. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    details: jsonb('details').$type<StickerUploadDetails>().notNull(),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    stickerId: text('sticker_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sticker_uploads_album_idx').on(t.albumId),
    index('sticker_uploads_client_idx').on(t.clientId),
    index('sticker_uploads_session_idx').on(t.sessionId),
  ],
);

// Analytics (SPEC §7) ----------------------------------------------------------------------------------------------

/**
 * Product analytics kept in our own database (DESIGN.md "Outside services": the default sink). Rows arrive only
 * from browsers whose user gave analytics consent; `user_id` comes from the access token, never from the body.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A product event name, 'page' or 'identify' (packages/model analytics.ts). */
    event: text('event').notNull(),
    /** The browser's random analytics id (a first-party cookie, only with consent). */
    anonymousId: text('anonymous_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    /** SPEC §7 marketing parameters (utm_*, entrypoint, ad-set) the browser kept from its landing page. */
    marketing: jsonb('marketing').$type<Record<string, string>>().notNull().default({}),
    path: text('path'),
    /** When the browser recorded it; `created_at` is when it arrived. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_event_idx').on(t.event, t.createdAt),
  ],
);

// Ordering (issue 13): price tables, vouchers, orders -------------------------------------------------------------

/** Texts an admin edits per language (de, en, fr, it, pl); a missing language falls back to en, then de. */
export type TranslatedText = Partial<Record<string, string>>;

/**
 * A price list: one per currency. An album is priced by the list whose `languages` hold its language, else by the
 * default list (EUR; PLN for Polish albums, SPEC §2 "1241 zloty in Polish").
 */
export const priceLists = pgTable('price_lists', {
  id: text('id').primaryKey(),
  currency: text('currency', { enum: ['EUR', 'PLN'] }).notNull(),
  languages: text('languages')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  isDefault: boolean('is_default').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** album, stickerpack, stickerbox_single_variety: every album ordered carries one album and one sticker product. */
export const products = pgTable('products', {
  key: text('key').primaryKey(),
  sort: integer('sort').notNull().default(0),
  titles: jsonb('titles').$type<TranslatedText>().notNull(),
  descriptions: jsonb('descriptions').$type<TranslatedText>().notNull().default({}),
});

/** Unit price per album from `min_quantity` albums on (quantity tiers), per price list and product. */
export const productPrices = pgTable(
  'product_prices',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productKey: text('product_key')
      .notNull()
      .references(() => products.key, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    /** Minor units (cents, groszy). */
    unitAmount: integer('unit_amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.productKey, t.minQuantity] })],
);

export const shippingRates = pgTable(
  'shipping_rates',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.countryCode] })],
);

/** The checkout's extra options; inactive ones are not offered (orders keep theirs, frozen in line items). */
export const orderFeatures = pgTable('order_features', {
  key: text('key').primaryKey(),
  per: text('per', { enum: ['order', 'album'] }).notNull(),
  sort: integer('sort').notNull().default(0),
  active: boolean('active').notNull().default(true),
  titles: jsonb('titles').$type<TranslatedText>().notNull(),
  descriptions: jsonb('descriptions').$type<TranslatedText>().notNull().default({}),
});

export const orderFeaturePrices = pgTable(
  'order_feature_prices',
  {
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    featureKey: text('feature_key')
      .notNull()
      .references(() => orderFeatures.key, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceListId, t.featureKey] })],
);

/** VAT per destination country in basis points (1900 = 19 %, SPEC §9 "VAT multiplier 1.19"). */
export const vatRates = pgTable('vat_rates', {
  countryCode: text('country_code').primaryKey(),
  basisPoints: integer('basis_points').notNull(),
});

/**
 * Vouchers: fixed (minor units of `currency`) or percent (basis points). `uses` counts redemptions; placing an
 * order raises it with a conditional UPDATE (`uses < max_uses`), so two parallel orders cannot both take the
 * last use.
 */
export const vouchers = pgTable('vouchers', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored upper-case; codes are matched case-insensitively. */
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: ['fixed', 'percent'] }).notNull(),
  value: integer('value').notNull(),
  currency: text('currency', { enum: ['EUR', 'PLN'] }),
  minimumAmount: integer('minimum_amount').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  createdAt: createdAt(),
});

export interface OrderVoucherSnapshot {
  code: string;
  kind: 'fixed' | 'percent';
  value: number;
  discount: number;
}

/**
 * An order freezes everything it was priced with (issue 13): amounts, currency, VAT rate, voucher and line items
 * are copied, never looked up again, so later price-list changes leave it alone. `idempotency_key` is unique per
 * user; `request_hash` tells a retried request (same body) from a key reused for another order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order number customers quote: 10001, 10002, ... */
    number: integer('number').notNull().unique().generatedAlwaysAsIdentity({ startWith: 10001 }),
    /**
     * The customer's account; null once the account was deleted (GDPR Art. 17): the order and its invoices stay
     * for the retention period (§147 AO), with nothing of the person but the invoice's name and address
     * (accounts/delete-account.ts).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    albumId: text('album_id').references(() => albums.id, { onDelete: 'set null' }),
    /**
     * The album's title, kept when the album is deleted (a trigger, migration 0026): the order still names what
     * was ordered, on the customer's pages, the admin's and the documents.
     */
    albumTitle: text('album_title'),
    /** The album language when ordered: the mail and the price list follow it. */
    language: text('language').notNull(),
    currency: text('currency', { enum: ['EUR', 'PLN'] }).notNull(),
    subtotal: integer('subtotal').notNull(),
    shippingAmount: integer('shipping_amount').notNull(),
    /** Staff's signed net price adjustment (SPEC §7 PATCH amount/amount_gross), added after the voucher. */
    priceAdjustment: integer('price_adjustment').notNull().default(0),
    amount: integer('amount').notNull(),
    amountGross: integer('amount_gross').notNull(),
    taxValue: integer('tax_value').notNull(),
    vatBasisPoints: integer('vat_basis_points').notNull(),
    noAlbums: integer('no_albums').notNull(),
    stickerPackagingType: text('sticker_packaging_type').notNull(),
    orderFeatures: text('order_features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    email: text('email').notNull(),
    phone: text('phone'),
    comment: text('comment'),
    quoteName: text('quote_name'),
    releaseDate: text('release_date').notNull(),
    voucher: jsonb('voucher').$type<OrderVoucherSnapshot>(),
    /** The buyer's VAT id (a company's), checked for format and check digit; with an EU country it means reverse charge. */
    buyerVatId: text('buyer_vat_id'),
    /** The public buyer's Leitweg-ID (XRechnung BT-10); with it, invoices are XRechnung. */
    buyerReference: text('buyer_reference'),
    /** How VAT applies (model pricing/tax.ts), frozen when placed like the rate it sets. */
    taxTreatment: text('tax_treatment', { enum: ['standard', 'reverse_charge', 'export'] })
      .notNull()
      .default('standard'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /**
     * The admin dashboard's scope (issue 14): review → transfer → shipment → shipped, kept by a trigger on
     * order_updates (migration `dashboard`), so a scope is an index range, not a probe into every timeline.
     */
    stage: text('stage', { enum: ['review', 'transfer', 'shipment', 'shipped'] })
      .notNull()
      .default('review'),
    /** Lower-case number, e-mail, names, organisation, album title and identifier; kept by triggers. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_album_idx').on(t.albumId),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_release_idx').on(t.releaseDate, t.id),
    index('orders_stage_created_idx').on(t.stage, t.createdAt, t.id),
    index('orders_stage_release_idx').on(t.stage, t.releaseDate, t.id),
    index('orders_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    discount: integer('discount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('voucher_redemptions_voucher_idx').on(t.voucherId)],
);

/** The shipping address of an order (SPEC §3 Address). */
export const addresses = pgTable('addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  organization: text('organization'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  zipCode: text('zip_code').notNull(),
  city: text('city').notNull(),
  countryCode: text('country_code').notNull(),
  phone: text('phone'),
});

/** Frozen line items: product key, the product's titles in every language and the amounts when ordered. */
export const lineItems = pgTable(
  'line_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    product: text('product').notNull(),
    kind: text('kind', { enum: ['product', 'feature'] }).notNull(),
    titles: jsonb('titles').$type<TranslatedText>().notNull(),
    descriptions: jsonb('descriptions').$type<TranslatedText>().notNull().default({}),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
    amountGross: integer('amount_gross').notNull(),
  },
  (t) => [index('line_items_order_idx').on(t.orderId, t.position)],
);

/**
 * The order's history (SPEC §3 Order update): every state change is a new row, never an edit of the order.
 * `signal` is one of the SPEC §4 signals or order_placed / print_approved.
 */
export const orderUpdates = pgTable(
  'order_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    signal: text('signal').notNull(),
    message: text('message'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_updates_order_idx').on(t.orderId, t.createdAt)],
);

/** Staff notes on an order (SPEC §3 Order comment); admin-only like the whole back office. */
export const orderComments = pgTable(
  'order_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's e-mail when written, shown beside the comment. */
    email: text('email').notNull(),
    content: text('content').notNull(),
    completed: boolean('completed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId, t.createdAt)],
);
// Invoices (issue 14) ----------------------------------------------------------------------------------------------

/**
 * One row per calendar year: the last invoice number issued in it. Numbers come from an upsert that locks this row
 * in the issuing transaction (invoices/numbering.ts), so they are gapless: a transaction that rolls back gives its
 * number back, and the next one waits for the lock. Credit notes draw from the same sequence.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issued invoices and credit notes (SPEC §3 Invoice, issue 14). Immutable once issued (GoBD): the PDF under
 * `storage_key` is written once and never regenerated; only `status` and the Stripe fields change afterwards.
 * One standing (not void) invoice per order (partial unique index), so a second "create invoice" gets 409; a credit
 * note points at the invoice it corrects and voids it, and a corrected invoice may follow (issue 21 §2).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    correctsInvoiceId: uuid('corrects_invoice_id'),
    status: text('status', { enum: ['draft', 'open', 'paid', 'uncollectible', 'void'] }).notNull(),
    currency: text('currency').notNull(),
    netAmount: integer('net_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    grossAmount: integer('gross_amount').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    /** The InvoiceData the PDF was built from, so the Stripe copy can be made later from the same values. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    stripeInvoiceId: text('stripe_invoice_id'),
    hostedInvoiceUrl: text('hosted_invoice_url'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One standing invoice per order: a credit note voids it, and the corrected invoice may then be issued.
    uniqueIndex('invoices_order_standing_invoice_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' and ${t.status} <> 'void'`),
    uniqueIndex('invoices_corrects_idx').on(t.correctsInvoiceId),
    index('invoices_stripe_idx').on(t.stripeInvoiceId),
  ],
);

// Affiliates (issue 14) --------------------------------------------------------------------------------------------

/**
 * A partner account. `url_token` is the secret of the partner's statistics page (/affiliate?token=…); `url_source`
 * is the public value of `utm_source` in the links the partner shares, so a shared link never reveals the token.
 */
export const affiliates = pgTable('affiliates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  urlToken: text('url_token').notNull().unique(),
  urlSource: text('url_source').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * An album created by a visitor who came through a partner link (album conversion), with the marketing parameters
 * of that visit. Orders are credited at read time by joining `orders.album_id`, so ordering needs no hook. No
 * foreign key to albums: a deleted album stays a conversion that happened.
 */
export const affiliateAlbums = pgTable(
  'affiliate_albums',
  {
    albumId: text('album_id').primaryKey(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    marketing: jsonb('marketing').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_albums_affiliate_created_idx').on(t.affiliateId, t.createdAt)],
);

// Cover previews (SPEC §3 cover_preview_url) ------------------------------------------------------------------------

/**
 * The rendered cover thumbnail of an album (server/src/albums/cover-preview.ts): a JPEG in the file storage, the
 * hash of what the cover showed when it was rendered (so a change elsewhere in the album renders nothing) and the
 * album version last checked against it.
 */
export const albumCoverPreviews = pgTable('album_cover_previews', {
  albumId: text('album_id')
    .primaryKey()
    .references(() => albums.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  contentHash: text('content_hash').notNull(),
  checkedVersion: integer('checked_version').notNull(),
  renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
});
