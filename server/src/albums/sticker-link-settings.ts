import { randomBytes } from 'node:crypto';
import type { Principal } from '../auth/access-tokens.ts';
import type { AlbumSettingsRecord } from '../db/schema.ts';
import { AppError, forbidden } from '../http/errors.ts';

/** 144 random bits, base64url: the link token of /s/<token>; guessing one is hopeless. */
const newStickerLinkToken = () => randomBytes(18).toString('base64url');

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
  if (requested.stickerUploadCustomDomain !== undefined)
    next.stickerUploadCustomDomain = customDomain(requested.stickerUploadCustomDomain);
  if (requested.stickerUploadEnabled === true && !current.stickerUploadToken) {
    next.stickerUploadToken = newStickerLinkToken();
  }
  return next;
}

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The custom domain the link is shown with (stickers.example.org/s/<token>): a host name of at least two labels,
 * lower-cased, without a trailing dot; empty means none. The host must point at this server (README).
 */
function customDomain(value: string | null): string | null {
  const host = (value ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (host === '') return null;
  const labels = host.split('.');
  if (
    labels.length < 2 ||
    !labels.every((label) => HOST_LABEL.test(label)) ||
    /^[0-9]+$/.test(labels.at(-1)!)
  ) {
    throw new AppError(
      422,
      'INVALID_CUSTOM_DOMAIN',
      'The custom domain must be a host name like stickers.example.org',
      {
        fields: [{ path: 'stickerUploadCustomDomain', message: 'Must be a host name' }],
      },
    );
  }
  return host;
}
