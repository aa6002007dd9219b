import {
  IMAGE_HEADER_BYTES,
  imageUploadProblems,
  readImageHeaderSize,
  sniffImageType,
  type ImageFileType,
  type ImageModel,
  type ImageUploadErrorCode,
  type PixelSize,
} from '@stickerbook/model';

export interface InspectedFile {
  type: ImageFileType | undefined;
  size: PixelSize | undefined;
  problems: ImageUploadErrorCode[];
}

/**
 * The checks of SPEC §5 before anything is uploaded, by content like the server's: the first bytes give the type
 * and the pixel size (a 40 MP PNG is refused without decoding it in the browser either).
 */
export async function inspectFile(file: Blob, model: ImageModel): Promise<InspectedFile> {
  const head = new Uint8Array(await file.slice(0, IMAGE_HEADER_BYTES).arrayBuffer());
  const type = sniffImageType(head);
  const size = readImageHeaderSize(head);
  return { type, size, problems: imageUploadProblems({ byteSize: file.size, type, size, model }) };
}
