/**
 * Filling the local stock library (admins only; DESIGN.md "Outside services": the default without a Pexels key).
 * A photo goes up like any upload (declare, PUT with progress, then the record): POST /stock_photos with the
 * blob, the photographer and tags makes the library's sizes and makes it searchable.
 */
import type { CreateLibraryPhotoBody, LibraryPhotoView } from '@stickerbook/api';
import { api } from '../../api/client.ts';
import { inspectFile } from '../uploads/inspectFile.ts';
import { md5Base64 } from '../uploads/md5.ts';
import { declareUploads, putBytes } from '../uploads/uploadApi.ts';

export interface LibraryPhotoFields {
  photographer: string;
  photographerUrl?: string;
  title?: string;
  tags: string[];
}

/** A refused file: the codes of SPEC §5 (size, type, dimensions), which the upload texts translate. */
export class LibraryUploadError extends Error {
  constructor(readonly codes: string[]) {
    super(codes.join(', '));
  }
}

export async function addLibraryPhoto(
  file: File,
  fields: LibraryPhotoFields,
  onProgress: (fraction: number) => void,
): Promise<LibraryPhotoView> {
  // Library photos follow the sticker photo rules: JPEG or PNG (the server checks again).
  const inspected = await inspectFile(file, 'sticker');
  if (inspected.problems.length > 0) throw new LibraryUploadError(inspected.problems);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const [declared] = await declareUploads([
    {
      filename: file.name,
      byte_size: file.size,
      checksum: md5Base64(bytes),
      content_type: inspected.type ?? file.type,
    },
  ]);
  if ('error' in declared) throw new LibraryUploadError(declared.error.codes);
  await putBytes(declared, file, onProgress);
  return api.post<LibraryPhotoView>('/stock_photos', {
    blob_id: declared.blob_id,
    photographer: fields.photographer.trim(),
    ...(fields.photographerUrl?.trim() ? { photographer_url: fields.photographerUrl.trim() } : {}),
    ...(fields.title?.trim() ? { title: fields.title.trim(), alt: fields.title.trim() } : {}),
    tags: fields.tags,
  } satisfies CreateLibraryPhotoBody);
}

export const deleteLibraryPhoto = (id: number) => api.delete(`/stock_photos/${id}`);
