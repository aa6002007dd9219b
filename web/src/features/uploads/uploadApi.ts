import type {
  CreateImageBody,
  DeclaredFileBody,
  DeclaredUploadsView,
  DirectUploadView,
  FaceBoxView,
  FaceCheckView,
  ImageListView,
  PatchImageBody,
} from '@stickerbook/api';
import { api } from '../../api/client.ts';
import { ApiError, NETWORK_ERROR } from '../../api/errors.ts';

/**
 * SPEC §3 image record as the API returns it (@stickerbook/api schemas/images.ts); `hidden` only in an admin's
 * album list: an image the album's people do not see, e.g. a sticker link photo not accepted yet.
 */
export type ImageRecord = ImageListView['images'][number];

export type FaceBox = FaceBoxView;

/** Where to PUT a declared file's bytes (POST /direct_uploads/batch, the sticker link's direct upload). */
export type DirectUpload = DirectUploadView;

/** Per declared file, in order: its upload, or the SPEC §5 codes it was refused with. */
export async function declareUploads(files: DeclaredFileBody[]): Promise<DeclaredUploadsView['uploads']> {
  const { uploads } = await api.post<DeclaredUploadsView>(
    '/direct_uploads/batch',
    { files },
    { asGuest: true },
  );
  return uploads;
}

/**
 * PUTs the bytes to the storage URL with XMLHttpRequest, the one browser API that reports upload progress.
 * The URL is signed (our local route or a presigned S3 PUT), so no bearer token goes with it.
 */
export function putBytes(
  upload: DirectUpload,
  body: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', upload.upload_url);
    for (const [name, value] of Object.entries(upload.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let code = `HTTP_${xhr.status}`;
      try {
        code = (JSON.parse(xhr.responseText) as { error?: { code?: string } }).error?.code ?? code;
      } catch {
        // S3 answers XML; the status is all we need.
      }
      reject(new ApiError(code, xhr.status, `Upload failed with ${xhr.status}`));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0, 'Upload failed'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

export function createImageRecord(albumId: string, body: CreateImageBody): Promise<ImageRecord> {
  return api.post<ImageRecord>(`/albums/${encodeURIComponent(albumId)}/images`, body, { asGuest: true });
}

export const fetchImage = (id: string) =>
  api.get<ImageRecord>(`/images/${encodeURIComponent(id)}`, { asGuest: true });

export const fetchAlbumImages = async (albumId: string) =>
  (
    await api.get<ImageListView>(`/albums/${encodeURIComponent(albumId)}/images`, {
      asGuest: true,
    })
  ).images;

export const deleteImage = (id: string) => api.delete(`/images/${encodeURIComponent(id)}`, { asGuest: true });

/** SPEC §7 PATCH /images/{id}: an album image becomes a sticker photo (or back); the server answers the record. */
export const setImageModel = (id: string, model: ImageRecord['model']) =>
  api.patch<ImageRecord>(`/images/${encodeURIComponent(id)}`, { model } satisfies PatchImageBody, {
    asGuest: true,
  });

/** SPEC §7 POST /images/face_detection: the largest face as fractions, or null. */
export async function detectFace(base64Image: string): Promise<FaceBox | null> {
  const { face } = await api.post<FaceCheckView>(
    '/images/face_detection',
    { base64_image: base64Image },
    { asGuest: true },
  );
  return face;
}
