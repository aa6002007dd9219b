import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, type PDFRef } from 'pdf-lib';
import { requireCmykProfile, type CmykProfile } from '../config/output-profile.ts';

export { findCmykProfile, type CmykProfile } from '../config/output-profile.ts';

const run = promisify(execFile);

/** The version every file we convert declares (Info dictionary and XMP). */
const PDFX_VERSION = 'PDF/X-4';
/** PDF/X-4 is PDF 1.6 (the header of the file). */
export const PDFX_PDF_VERSION = '1.6';

export interface PdfxOptions {
  title: string;
  gsPath?: string;
  profile?: CmykProfile;
}

/**
 * Beyond SPEC: the print-shop file as PDF/X-4 with a CMYK output intent.
 *
 * 1. Ghostscript's pdfwrite (`gs` from Debian's ghostscript) converts every colour to CMYK through the profile
 *    (the print partner's, PRINT_OUTPUT_ICC, else Ghostscript's default_cmyk.icc: config/output-profile.ts),
 *    as PDF 1.6 so transparency stays live. Ghostscript 10.0's own `-dPDFX` writes PDF/X-3, which forbids
 *    transparency: it flattens every page that has any (designs use opacity) into one 720 dpi bitmap, text
 *    included. Photos with a CMYK copy are held out of this pass (cmyk-photos.ts); other images keep their pixel
 *    size (no downsampling) and are re-encoded as CMYK JPEG by pdfwrite (its own default quality: `-dJPEGQ` is
 *    not what pdfwrite's DCT filter reads); fonts stay embedded; pages are never rotated.
 * 2. `declarePdfx` (after the boxes are set again, pdf-boxes.ts) adds what PDF/X-4 asks of the file itself: the
 *    output intent with the embedded profile, GTS_PDFXVersion and Trapped in the Info dictionary and the same in
 *    XMP metadata.
 */
export async function convertToCmyk(
  /** The file, or its parts in order (pdf-boxes.ts). */
  pdf: Uint8Array | readonly Uint8Array[],
  options: Omit<PdfxOptions, 'title'> = {},
): Promise<Uint8Array> {
  const profile = requireCmykProfile(options.profile);
  const dir = await mkdtemp(join(tmpdir(), 'stickerbook-pdfx-'));
  try {
    const input = join(dir, 'in.pdf');
    const output = join(dir, 'out.pdf');
    await writeFile(input, pdf);
    await run(
      options.gsPath ?? 'gs',
      [
        '-dBATCH',
        '-dNOPAUSE',
        '-dQUIET',
        '-dSAFER',
        `--permit-file-read=${profile.path}`,
        '-sDEVICE=pdfwrite',
        '-dCompatibilityLevel=1.6',
        '-sColorConversionStrategy=CMYK',
        '-sProcessColorModel=DeviceCMYK',
        `-sOutputICCProfile=${profile.path}`,
        '-dAutoRotatePages=/None',
        '-dDownsampleColorImages=false',
        '-dDownsampleGrayImages=false',
        '-dDownsampleMonoImages=false',
        '-dAutoFilterColorImages=false',
        '-dAutoFilterGrayImages=false',
        '-dColorImageFilter=/DCTEncode',
        '-dGrayImageFilter=/DCTEncode',
        '-dJPEGQ=95',
        // Held-out photos' stand-ins (cmyk-photos.ts) must stay image objects to be found again.
        '-dMaxInlineImageSize=0',
        '-dEmbedAllFonts=true',
        '-dSubsetFonts=true',
        `-sOutputFile=${output}`,
        input,
      ],
      { maxBuffer: 16 * 1024 * 1024, timeout: 20 * 60_000 },
    );
    return new Uint8Array(await readFile(output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const xml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** XMP dates are ISO 8601; the Info dictionary's are `D:YYYYMMDDHHmmSSZ` (pdf-lib writes those). */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * Marks a CMYK document (from `convertToCmyk`) as PDF/X-4: output intent GTS_PDFX with the profile embedded,
 * Info GTS_PDFXVersion, Trapped and dates, and XMP metadata saying the same (ISO 15930-7). Call it on the
 * document after its producer and creator are set, so Info and XMP agree.
 */
export async function declarePdfx(
  doc: PDFDocument,
  options: { title: string; profile?: CmykProfile; now?: Date },
): Promise<void> {
  const profile = requireCmykProfile(options.profile);
  const context = doc.context;
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / 1000) * 1000);

  const iccStream = context.flateStream(await readFile(profile.path), { N: 4 });
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFX',
    OutputConditionIdentifier: PDFString.of(profile.identifier),
    OutputCondition: PDFString.of(profile.description),
    RegistryName: PDFString.of('http://www.color.org'),
    Info: PDFString.of(profile.description),
    DestOutputProfile: context.register(iccStream),
  });
  doc.catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(intent)]));
  // PDF/X asks for a file identifier in the trailer (the XMP DocumentID's UUID); a first version's two halves are
  // the same.
  const uuid = randomUUID();
  const fileId = PDFHexString.of(uuid.replace(/-/g, ''));
  context.trailerInfo.ID = context.obj([fileId, fileId]);

  const title = options.title || 'Stickerbook';
  doc.setTitle(title);
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const info = infoDict(doc);
  info.set(PDFName.of('GTS_PDFXVersion'), PDFString.of(PDFX_VERSION));
  info.set(PDFName.of('Trapped'), PDFName.of('False'));
  const producer = textOf(info.lookup(PDFName.of('Producer')));
  const creator = textOf(info.lookup(PDFName.of('Creator')));

  const id = `uuid:${uuid}`;
  const metadata = [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/"',
    ' xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"',
    ' xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">',
    '<dc:format>application/pdf</dc:format>',
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(title)}</rdf:li></rdf:Alt></dc:title>`,
    `<xmp:CreateDate>${xmpDate(now)}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${xmpDate(now)}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${xmpDate(now)}</xmp:MetadataDate>`,
    creator ? `<xmp:CreatorTool>${xml(creator)}</xmp:CreatorTool>` : '',
    producer ? `<pdf:Producer>${xml(producer)}</pdf:Producer>` : '',
    '<pdf:Trapped>False</pdf:Trapped>',
    `<xmpMM:DocumentID>${id}</xmpMM:DocumentID>`,
    `<xmpMM:InstanceID>${id}</xmpMM:InstanceID>`,
    '<xmpMM:VersionID>1</xmpMM:VersionID>',
    '<xmpMM:RenditionClass>default</xmpMM:RenditionClass>',
    `<pdfxid:GTS_PDFXVersion>${PDFX_VERSION}</pdfxid:GTS_PDFXVersion>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ]
    .filter(Boolean)
    .join('\n');
  // Uncompressed, as XMP readers expect to find it by scanning the file.
  const metadataStream = context.stream(new TextEncoder().encode(metadata), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  doc.catalog.set(PDFName.of('Metadata'), context.register(metadataStream));
}

function infoDict(doc: PDFDocument): PDFDict {
  const existing = doc.context.lookupMaybe(doc.context.trailerInfo.Info as PDFRef | undefined, PDFDict);
  if (existing) return existing;
  const info = doc.context.obj({});
  doc.context.trailerInfo.Info = doc.context.register(info);
  return info;
}

function textOf(value: unknown): string | undefined {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}
