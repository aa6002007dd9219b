import { randomBytes } from 'node:crypto';
import type { Principal } from '../auth/access-tokens.ts';
import type { AlbumSettingsRecord } from '../db/schema.ts';
import { forbidden } from '../http/errors.ts';

/** 144 random bits, base64url: the link token of /s/<token>; guessing one is hopeless. */
export const newStickerLinkToken = () => randomBytes(18).toString('base64url');

/**
 * The sticker-link part of PATCH /albums/:id (issue 8; SPEC §4 "Guest: … sticker link … disabled"): a guest may not
 * change any sticker link setting, and switching the link on the first time creates its token. Other settings pass
 * through unchanged.
 */
export function stickerLinkSettings(
  principal: Principal,
  current: AlbumSettingsRecord,
  requested: Partial<AlbumSettingsRecord>,
): Partial<AlbumSettingsRecord> {
  const touchesLink = Object.keys(requested).some(
    (key) => key.startsWith('stickerUpload') && requested[key as keyof AlbumSettingsRecord] !== undefined,
  );
  if (touchesLink && principal.kind === 'guest') {
    throw forbidden('LOGIN_REQUIRED', 'Log in to use the sticker link');
  }
  const next = { ...requested };
  delete next.stickerUploadToken;
  if (requested.stickerUploadEnabled === true && !current.stickerUploadToken) {
    next.stickerUploadToken = newStickerLinkToken();
  }
  return next;
}
