import { api } from '../../api/client.ts';
import { md5Base64 } from '../uploads/md5.ts';
import { putBytes, type DirectUpload } from '../uploads/uploadApi.ts';

/** GET /public/sticker_uploads/:token (server/src/routes/public-sticker-uploads.ts). */
export interface StickerLink {
  title: string | null;
  content: string | null;
  white_label: boolean;
  require_position: boolean;
  sections: Array<{ id: string; name: string }>;
}

export interface StickerSubmission {
  name: string;
  last_name: string;
  position: string;
  section_id: string | null;
}

const linkPath = (token: string) => `/public/sticker_uploads/${encodeURIComponent(token)}`;

export const fetchStickerLink = (token: string) => api.get<StickerLink>(linkPath(token), { anonymous: true });

const SESSION_KEY = 'stickerbook.stickerLinkSession';

/** SPEC §2: the contributor's session token, kept in local storage so they can come back to what they sent. */
export function contributorSession(): string {
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

/** Declares the photo on the link, PUTs it with progress, then sends the submission. */
export async function sendStickerPhoto(
  token: string,
  file: File,
  size: { width: number; height: number },
  submission: StickerSubmission,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const upload = await api.post<DirectUpload>(
    `${linkPath(token)}/direct_uploads`,
    {
      filename: file.name.slice(0, 255) || 'photo.jpg',
      byte_size: file.size,
      checksum: md5Base64(bytes),
      content_type: file.type,
    },
    { anonymous: true },
  );
  await putBytes(upload, file, onProgress);
  await api.post(
    linkPath(token),
    {
      sticker_upload: {
        ...submission,
        blob_id: upload.blob_id,
        client_id: contributorSession(),
        details: size,
      },
    },
    { anonymous: true },
  );
}
