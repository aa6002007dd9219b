/** Reading PDFs the way a customer's tools do: poppler's pdftotext for the text, pdfdetach for attachments. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withTempPdf<T>(pdf: Uint8Array, work: (path: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-test-'));
  try {
    const path = join(dir, 'document.pdf');
    await writeFile(path, pdf);
    return await work(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of every page, laid out as on paper (`pdftotext -layout`). */
export function pdfText(pdf: Uint8Array): Promise<string> {
  return withTempPdf(
    pdf,
    async (path) => (await run('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'])).stdout,
  );
}

/** Names of the files embedded in the PDF. */
export function pdfAttachmentNames(pdf: Uint8Array): Promise<string[]> {
  return withTempPdf(pdf, async (path) => {
    const { stdout } = await run('pdfdetach', ['-list', '-enc', 'UTF-8', path]);
    return stdout
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/^\d+:\s*/, '').trim())
      .filter(Boolean);
  });
}

/** One embedded file's bytes, found by name in pdfdetach's list and saved by its number. */
export async function pdfAttachment(pdf: Uint8Array, name: string): Promise<Buffer> {
  const index = (await pdfAttachmentNames(pdf)).indexOf(name);
  if (index < 0) throw new Error(`The PDF has no attachment ${name}`);
  return withTempPdf(pdf, async (path, dir) => {
    const out = join(dir, 'attachment');
    await run('pdfdetach', ['-save', String(index + 1), '-o', out, path]);
    return readFile(out);
  });
}

/** The PDF's document information as pdfinfo prints it (Title, Pages, PDF version, ...) and its XMP as `xmp`. */
export function pdfInfo(pdf: Uint8Array): Promise<Record<string, string>> {
  return withTempPdf(pdf, async (path) => {
    const [{ stdout: fields }, { stdout: xmp }] = await Promise.all([
      run('pdfinfo', ['-enc', 'UTF-8', path]),
      run('pdfinfo', ['-meta', path]),
    ]);
    const info: Record<string, string> = { xmp };
    for (const line of fields.split('\n')) {
      const match = /^([A-Za-z ]+):\s+(.*)$/.exec(line);
      if (match) info[match[1]!] = match[2]!;
    }
    return info;
  });
}

/** Fonts as pdffonts lists them: name, whether each is embedded, a subset, and has a ToUnicode map. */
export function pdfFonts(
  pdf: Uint8Array,
): Promise<Array<{ name: string; embedded: boolean; subset: boolean; toUnicode: boolean }>> {
  return withTempPdf(pdf, async (path) => {
    const { stdout } = await run('pdffonts', [path]);
    return stdout
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        // name type [type2] encoding emb sub uni object ID
        return {
          name: columns[0]!,
          embedded: columns[columns.length - 5] === 'yes',
          subset: columns[columns.length - 4] === 'yes',
          toUnicode: columns[columns.length - 3] === 'yes',
        };
      });
  });
}
