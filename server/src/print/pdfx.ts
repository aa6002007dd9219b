import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const GS_SHARE = '/usr/share/ghostscript';

/** Ghostscript's own PDFX_def.ps and CMYK profile (Debian's ghostscript package), newest version first. */
function ghostscriptFiles(): { pdfxDef: string; cmykProfile: string } | undefined {
  if (!existsSync(GS_SHARE)) return undefined;
  for (const version of readdirSync(GS_SHARE).sort().reverse()) {
    const pdfxDef = join(GS_SHARE, version, 'lib', 'PDFX_def.ps');
    const cmykProfile = join(GS_SHARE, version, 'iccprofiles', 'default_cmyk.icc');
    if (existsSync(pdfxDef) && existsSync(cmykProfile)) return { pdfxDef, cmykProfile };
  }
  return undefined;
}

const postScriptString = (text: string) =>
  `(${text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')})`;

/**
 * Beyond SPEC: PDF/X-3 with a CMYK output intent through Ghostscript's pdfwrite (`gs` from Debian's ghostscript).
 * Colours, including photos, are converted to CMYK, so photos are re-encoded here (at full resolution: no
 * downsampling, JPEG at high quality); the plain PDF export keeps the original bytes. Ghostscript does not keep
 * our page boxes reliably, so the caller sets them again afterwards.
 */
export async function convertToPdfx(pdf: Uint8Array, title: string, gsPath = 'gs'): Promise<Uint8Array> {
  const files = ghostscriptFiles();
  if (!files) throw new Error('Ghostscript resources (PDFX_def.ps, default_cmyk.icc) not found');
  const dir = await mkdtemp(join(tmpdir(), 'stickerbook-pdfx-'));
  try {
    const definition = readFileSync(files.pdfxDef, 'utf8')
      .replace(/\/ICCProfile \(.*?\) def/, `/ICCProfile ${postScriptString(files.cmykProfile)} def`)
      .replace(/\/Title \(Title\)/, `/Title ${postScriptString(title || 'Stickerbook')}`);
    await writeFile(join(dir, 'PDFX_def.ps'), definition);
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run(
      gsPath,
      [
        '-dPDFX=3',
        '-dBATCH',
        '-dNOPAUSE',
        '-dQUIET',
        '-dNOSAFER',
        '-sDEVICE=pdfwrite',
        '-sColorConversionStrategy=CMYK',
        '-sProcessColorModel=DeviceCMYK',
        `-sOutputICCProfile=${files.cmykProfile}`,
        '-dDownsampleColorImages=false',
        '-dDownsampleGrayImages=false',
        '-dAutoFilterColorImages=false',
        '-dColorImageFilter=/DCTEncode',
        '-dJPEGQ=95',
        '-dEmbedAllFonts=true',
        '-dSubsetFonts=true',
        `-sOutputFile=${join(dir, 'out.pdf')}`,
        join(dir, 'PDFX_def.ps'),
        join(dir, 'in.pdf'),
      ],
      { maxBuffer: 16 * 1024 * 1024, timeout: 10 * 60_000 },
    );
    return new Uint8Array(await readFile(join(dir, 'out.pdf')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
