/**
 * Reading a PDF the way a person does: rasterise a page with the renderer of a viewer (poppler, as in Evince and
 * most Linux viewers, or Ghostscript, as in many archive and print pipelines) and read the pixels back with
 * tesseract. Unlike pdftotext, which reads the text layer, this sees only what is drawn, so a font whose glyphs
 * do not render fails it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { systemTestsCanRun } from './print.ts';

const run = promisify(execFile);

/** pdftoppm, Ghostscript and tesseract with its German model (scripts/system-deps.mjs installs them in CI). */
export const ocrTestsCanRun = systemTestsCanRun({
  'poppler-utils': '/usr/bin/pdftoppm',
  ghostscript: '/usr/bin/gs',
  'tesseract-ocr': '/usr/bin/tesseract',
  'tesseract-ocr-deu': '/usr/share/tesseract-ocr/5/tessdata/deu.traineddata',
});

export type PdfRenderer = 'poppler' | 'ghostscript';

/** One page rendered in grey at `dpi` and read by tesseract; whitespace runs become single spaces. */
export async function ocrPdfPage(
  pdf: Uint8Array,
  options: { page?: number; renderer?: PdfRenderer; dpi?: number } = {},
): Promise<string> {
  const { page = 1, renderer = 'poppler', dpi = 200 } = options;
  const dir = await mkdtemp(join(tmpdir(), 'pdf-ocr-'));
  try {
    const file = join(dir, 'document.pdf');
    const png = join(dir, 'page.png');
    await writeFile(file, pdf);
    if (renderer === 'poppler') {
      const pageArgs = ['-f', String(page), '-l', String(page)];
      await run('pdftoppm', [
        '-r',
        String(dpi),
        '-gray',
        '-png',
        '-singlefile',
        ...pageArgs,
        file,
        join(dir, 'page'),
      ]);
    } else {
      await run('gs', [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-sDEVICE=pnggray',
        `-r${dpi}`,
        `-dFirstPage=${page}`,
        `-dLastPage=${page}`,
        `-sOutputFile=${png}`,
        file,
      ]);
    }
    // One thread: the test machines are small and run several test files at once.
    const { stdout } = await run('tesseract', [png, '-', '-l', 'deu'], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    });
    return stdout.replace(/\s+/g, ' ').trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
