import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

/**
 * One description of a document, written twice: into the Info dictionary (what most viewers show) and into the
 * catalog's XMP packet (what PDF/A archives and validators read). PDF/A-3 (ISO 19005-3 §6.6.2.3) requires the
 * two to agree: Title = dc:title, Author = dc:creator, Subject = dc:description, Keywords = pdf:Keywords,
 * Creator = xmp:CreatorTool, Producer = pdf:Producer, CreationDate = xmp:CreateDate, ModDate = xmp:ModifyDate.
 *
 * The XMP is rewritten, not patched: the dc, pdf and xmp descriptions are ours; any other description already in
 * the packet (PDF/A identification, the Factur-X extension schema and its fx: values) is kept as it is. The packet
 * is UTF-8 (a name like "Müller & Söhne" survives) and unfiltered, as PDF/A wants.
 */
export interface DocumentMetadata {
  title: string;
  author: string;
  subject?: string;
  keywords?: string[];
  /** BCP 47, e.g. "de": the catalog's /Lang and dc:language. */
  language: string;
}

/** The application that wrote the content (Creator) and the one that wrote the file (Producer). */
const DOCUMENT_CREATOR = 'Stickerbook';
const DOCUMENT_PRODUCER = 'Stickerbook (pdf-lib)';

const OWN_SCHEMAS = [
  'http://purl.org/dc/elements/1.1/',
  'http://ns.adobe.com/pdf/1.3/',
  'http://ns.adobe.com/xap/1.0/',
];

export function setDocumentMetadata(pdf: PDFDocument, meta: DocumentMetadata, now = new Date()): void {
  // PDF dates and XMP dates both carry whole seconds: the same instant in both.
  const date = new Date(Math.floor(now.getTime() / 1000) * 1000);
  pdf.setTitle(meta.title, { showInWindowTitleBar: true });
  pdf.setAuthor(meta.author);
  if (meta.subject) pdf.setSubject(meta.subject);
  else infoDict(pdf)?.delete(PDFName.of('Subject'));
  if (meta.keywords?.length) pdf.setKeywords(meta.keywords);
  else infoDict(pdf)?.delete(PDFName.of('Keywords'));
  pdf.setCreator(DOCUMENT_CREATOR);
  pdf.setProducer(DOCUMENT_PRODUCER);
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  pdf.setLanguage(meta.language);

  const kept = keptDescriptions(readXmp(pdf) ?? '');
  const xmp = xmpPacket([...kept, ...ownDescriptions(meta, date)]);
  const stream = pdf.context.stream(new TextEncoder().encode(xmp), { Type: 'Metadata', Subtype: 'XML' });
  const existing = pdf.catalog.get(PDFName.of('Metadata'));
  // Replace the packet under its own object number: no stale second packet stays behind in the file.
  if (existing instanceof PDFRef) pdf.context.assign(existing, stream);
  else pdf.catalog.set(PDFName.of('Metadata'), pdf.context.register(stream));
  dropUnreachableXmp(pdf);
}

/**
 * @e-invoice-eu/core registers its own packet and leaves the page's one in the file, unreferenced, with an
 * older description. An archive that searches the file for XMP should find one answer: unreachable metadata
 * streams go.
 */
function dropUnreachableXmp(pdf: PDFDocument): void {
  const reachable = new Set<PDFRef>();
  const pending: PDFObject[] = [pdf.context.trailerInfo.Root, pdf.context.trailerInfo.Info].filter(
    (entry): entry is PDFObject => entry !== undefined,
  );
  while (pending.length > 0) {
    const object = pending.pop()!;
    if (object instanceof PDFRef) {
      if (reachable.has(object)) continue;
      reachable.add(object);
      const target = pdf.context.lookup(object);
      if (target) pending.push(target);
    } else if (object instanceof PDFDict) pending.push(...object.values());
    else if (object instanceof PDFArray) pending.push(...object.asArray());
    else if (object instanceof PDFStream) pending.push(object.dict);
  }
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    const isXmp =
      object instanceof PDFStream && object.dict.get(PDFName.of('Type')) === PDFName.of('Metadata');
    if (isXmp && !reachable.has(ref)) pdf.context.delete(ref);
  }
}

/** The trailer's Info dictionary, which pdf-lib's setters write into (its own getter is private). */
function infoDict(pdf: PDFDocument): PDFDict | undefined {
  const info = pdf.context.trailerInfo.Info;
  return info ? pdf.context.lookupMaybe(info, PDFDict) : undefined;
}

/** The catalog's XMP packet as text, or undefined when the document has none. */
export function readXmp(pdf: PDFDocument): string | undefined {
  const stream = pdf.catalog.lookup(PDFName.of('Metadata'));
  if (!(stream instanceof PDFRawStream)) return undefined;
  const bytes = decodePDFRawStream(stream).decode();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // @e-invoice-eu/core writes its packet one byte per character (Latin-1), though it declares UTF-8.
    return new TextDecoder('latin1').decode(bytes);
  }
}

function keptDescriptions(xmp: string): string[] {
  const descriptions = xmp.match(/<rdf:Description\b[^>]*?(?:\/>|>[\s\S]*?<\/rdf:Description>)/g) ?? [];
  return descriptions.filter((description) => {
    const opening = /^<rdf:Description\b[^>]*>/.exec(description)?.[0] ?? '';
    return !OWN_SCHEMAS.some((uri) => opening.includes(`"${uri}"`));
  });
}

function ownDescriptions(meta: DocumentMetadata, date: Date): string[] {
  const when = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const alt = (value: string) =>
    `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt>`;
  const dc = [
    '<dc:format>application/pdf</dc:format>',
    `<dc:title>${alt(meta.title)}</dc:title>`,
    `<dc:creator><rdf:Seq><rdf:li>${escapeXml(meta.author)}</rdf:li></rdf:Seq></dc:creator>`,
    ...(meta.subject ? [`<dc:description>${alt(meta.subject)}</dc:description>`] : []),
    `<dc:language><rdf:Bag><rdf:li>${escapeXml(meta.language)}</rdf:li></rdf:Bag></dc:language>`,
  ];
  const pdf = [
    `<pdf:Producer>${escapeXml(DOCUMENT_PRODUCER)}</pdf:Producer>`,
    ...(meta.keywords?.length ? [`<pdf:Keywords>${escapeXml(meta.keywords.join(' '))}</pdf:Keywords>`] : []),
  ];
  const xmp = [
    `<xmp:CreatorTool>${escapeXml(DOCUMENT_CREATOR)}</xmp:CreatorTool>`,
    `<xmp:CreateDate>${when}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${when}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${when}</xmp:MetadataDate>`,
  ];
  const description = (prefix: string, uri: string, properties: string[]) =>
    `<rdf:Description rdf:about="" xmlns:${prefix}="${uri}">\n\t\t\t${properties.join('\n\t\t\t')}\n\t\t</rdf:Description>`;
  return [
    description('dc', OWN_SCHEMAS[0]!, dc),
    description('pdf', OWN_SCHEMAS[1]!, pdf),
    description('xmp', OWN_SCHEMAS[2]!, xmp),
  ];
}

function xmpPacket(descriptions: string[]): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '\t<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    ...descriptions.map((description) => `\t\t${description}`),
    '\t</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
