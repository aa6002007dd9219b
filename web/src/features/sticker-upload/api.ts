import type {
  DeclaredFileBody,
  FaceCheckView,
  OwnUploadListView,
  OwnUploadView,
  ReplaceStickerUploadBody,
  StickerLinkView,
  SubmitStickerUploadBody,
  SubmittedUploadView,
} from '@stickerbook/api';
import { IMAGE_PREVIEW_JPEG_QUALITY, IMAGE_PREVIEW_WIDTH_PX } from '@stickerbook/model';
import { api, request } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { md5Base64 } from '../uploads/md5.ts';
import { putBytes, type DirectUpload, type FaceBox } from '../uploads/uploadApi.ts';

/** GET /public/sticker_uploads/:token (@stickerbook/api schemas/sticker-link.ts). */
export type StickerLink = StickerLinkView;

/** What the contributor's form fills in. */
export type StickerSubmission = Pick<OwnUploadView, 'name' | 'last_name' | 'position' | 'section_id'>;

const linkPath = (token: string) => `/public/sticker_uploads/${encodeURIComponent(token)}`;

export const fetchStickerLink = (token: string) => api.get<StickerLink>(linkPath(token), { anonymous: true });

const SESSION_KEY = 'stickerbook.stickerLinkSession';

/** SPEC §2: the contributor's session token, kept in local storage so they can come back to what they sent. */
function contributorSession(): string {
  try {
    const existing = localStorage.getItem(SESSION_KEY);
    if (existing && /^[A-Za-z0-9_-]{16,100}$/.test(existing)) return existing;
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    const token = btoa(String.fromCharCode(...bytes))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    localStorage.setItem(SESSION_KEY, token);
    return token;
  } catch {
    return `nostorage-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  }
}

/** What the contributor sees of an upload of theirs (GET /public/sticker_uploads/:token/mine). */
export type OwnUpload = OwnUploadView;

const sessionKey = (token: string) => `stickerbook.stickerLinkSession.${token}`;

/**
 * The session the server issued with this browser's first submission to the link (a signed token): the only
 * key to see and replace what was sent. Kept per link in local storage.
 */
export function linkSession(token: string): string | undefined {
  try {
    return localStorage.getItem(sessionKey(token)) ?? undefined;
  } catch {
    return undefined;
  }
}

function keepLinkSession(token: string, session: string) {
  try {
    localStorage.setItem(sessionKey(token), session);
  } catch {
    // Without storage the contributor can still send; only coming back to it is not possible.
  }
}

/** Declares the photo on the link and PUTs it with progress; the blob id to send with the submission. */
async function uploadPhoto(token: string, file: File, onProgress: (fraction: number) => void) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const upload = await api.post<DirectUpload>(
    `${linkPath(token)}/direct_uploads`,
    {
      filename: file.name.slice(0, 255) || 'photo.jpg',
      byte_size: file.size,
      checksum: md5Base64(bytes),
      content_type: file.type,
    } satisfies DeclaredFileBody,
    { anonymous: true },
  );
  await putBytes(upload, file, onProgress);
  return upload.blob_id;
}

/** Sends a new photo; the answer's session token is kept, so the contributor can come back to it. */
export async function sendStickerPhoto(
  token: string,
  file: File,
  size: { width: number; height: number },
  submission: StickerSubmission,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const blobId = await uploadPhoto(token, file, onProgress);
  const session = linkSession(token);
  const sent = await api.post<SubmittedUploadView>(
    linkPath(token),
    {
      sticker_upload: {
        ...submission,
        blob_id: blobId,
        client_id: contributorSession(),
        details: size,
      },
    } satisfies SubmitStickerUploadBody,
    session ? { accessToken: session } : { anonymous: true },
  );
  keepLinkSession(token, sent.session_token);
}

/** The uploads this browser's session sent to the link; [] without a session. */
export async function fetchOwnUploads(token: string): Promise<OwnUpload[]> {
  const session = linkSession(token);
  if (!session) return [];
  return (await api.get<OwnUploadListView>(`${linkPath(token)}/mine`, { accessToken: session }))
    .sticker_uploads;
}

/** Replaces an own upload's fields and, when a file is given, its photo. */
export async function replaceStickerUpload(
  token: string,
  id: string,
  submission: StickerSubmission,
  photo: { file: File; size: { width: number; height: number } } | undefined,
  onProgress: (fraction: number) => void,
): Promise<OwnUpload> {
  const session = linkSession(token);
  if (!session) throw new ApiError('CONTRIBUTOR_SESSION_MISSING', 401, 'No session for this link');
  const blobId = photo ? await uploadPhoto(token, photo.file, onProgress) : undefined;
  return request<OwnUpload>('PUT', `${linkPath(token)}/uploads/${encodeURIComponent(id)}`, {
    accessToken: session,
    body: {
      sticker_upload: {
        ...submission,
        ...(blobId ? { blob_id: blobId, details: photo!.size } : {}),
      },
    } satisfies ReplaceStickerUploadBody,
  });
}

/**
 * SPEC §2: the photo is checked for a face before sending, on its 800 px preview (SPEC §9), through the link's
 * own face check (no login). Null when none was found; undefined when it could not be checked.
 */
export async function checkFace(token: string, file: File): Promise<FaceBox | null | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, IMAGE_PREVIEW_WIDTH_PX / bitmap.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const { face } = await api.post<FaceCheckView>(
      `${linkPath(token)}/face_detection`,
      { base64_image: canvas.toDataURL('image/jpeg', IMAGE_PREVIEW_JPEG_QUALITY) },
      { anonymous: true },
    );
    return face;
  } catch {
    return undefined;
  }
}
