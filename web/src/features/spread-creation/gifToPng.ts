/**
 * SPEC §5 lets the spread creation modal take GIF photos, but the upload pipeline and the server store only
 * jpeg, png and svg (every other upload path keeps refusing GIF). So the modal turns a GIF into a PNG of its
 * first frame in the browser before uploading it; an animated GIF becomes a still, which is all a printed
 * album can show anyway.
 */

/** 'GIF87a' or 'GIF89a': the first six bytes of every GIF, whatever its name or the type the browser reports. */
export function isGifHeader(head: Uint8Array): boolean {
  const signature = String.fromCharCode(...head.subarray(0, 6));
  return signature === 'GIF87a' || signature === 'GIF89a';
}

/** 'team.gif' -> 'team.png', 'team' -> 'team.png': the upload list and the sticker name keep the file's name. */
export function pngFileName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'image'}.png`;
}

/** Whether the modal must convert this file before the upload: its content is a GIF. */
export async function needsPngConversion(file: File): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 6).arrayBuffer());
  return isGifHeader(head);
}

/** The GIF's first frame drawn on a canvas and encoded as PNG (decoding happens in the browser's image codec). */
async function firstFrameAsPng(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.drawImage(bitmap, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('PNG encoding failed');
    return new File([blob], pngFileName(file.name), { type: 'image/png', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}

/**
 * The files as the upload pipeline takes them: GIFs replaced by PNGs of their first frame, the rest unchanged,
 * in the same order. A GIF the browser cannot decode stays as it is, so the pipeline refuses it with its usual
 * translated "type not allowed" message.
 */
export async function convertGifsToPng(files: readonly File[]): Promise<File[]> {
  return Promise.all(
    files.map(async (file) => {
      if (!(await needsPngConversion(file))) return file;
      try {
        return await firstFrameAsPng(file);
      } catch (error) {
        console.warn(`Could not convert ${file.name} to PNG`, error);
        return file;
      }
    }),
  );
}
