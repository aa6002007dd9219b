import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';
import type { CheckedInvoice } from './invoice-data.ts';

/**
 * @e-invoice-eu/core 2.3.4 (the newest on the registry) drops a credit note's reference to the invoice it corrects
 * (BG-3): its CII mapping reads `cac:BillingReference/cbc:ID` where the data has
 * `cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`, and would write the date as udt: where the schema
 * wants qdt:. Upstream has fixed it in its sources; until a fixed release is published, this writes the element
 * into the embedded XML (factur-x.xml or xrechnung.xml) itself. It does nothing when the library already wrote one.
 *
 * Per the Factur-X EN 16931 XSD, InvoiceReferencedDocument follows the header monetary summation and precedes
 * ReceivableSpecifiedTradeAccountingAccount, which we never write: so it goes last in the header settlement.
 */
export async function addPrecedingInvoiceReference(
  pdf: Uint8Array,
  invoice: CheckedInvoice,
  xmlName: string,
): Promise<Uint8Array> {
  const reference = invoice.correctedInvoice;
  if (!reference) return pdf;
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const stream = embeddedFileStream(document, xmlName);
  const xml = Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8');
  if (xml.includes('<ram:InvoiceReferencedDocument>')) return pdf;
  const closing = '</ram:ApplicableHeaderTradeSettlement>';
  if (!xml.includes(closing)) throw new Error(`${xmlName} has no header trade settlement`);
  const element =
    '\t<ram:InvoiceReferencedDocument>\n' +
    `\t\t\t\t<ram:IssuerAssignedID>${escapeXml(reference.number)}</ram:IssuerAssignedID>\n` +
    '\t\t\t\t<ram:FormattedIssueDateTime>\n' +
    `\t\t\t\t\t<qdt:DateTimeString format="102">${reference.issueDate.replaceAll('-', '')}</qdt:DateTimeString>\n` +
    '\t\t\t\t</ram:FormattedIssueDateTime>\n' +
    '\t\t\t</ram:InvoiceReferencedDocument>\n\t\t';
  replaceStreamContents(document, stream, Buffer.from(xml.replace(closing, element + closing), 'utf8'));
  return document.save();
}

function embeddedFileStream(document: PDFDocument, fileName: string): PDFRawStream {
  const names = document.catalog.lookup(PDFName.of('Names'), PDFDict);
  const tree = names.lookup(PDFName.of('EmbeddedFiles'), PDFDict);
  const entries = tree.lookup(PDFName.of('Names'), PDFArray);
  for (let index = 0; index < entries.size(); index += 2) {
    const name = entries.lookup(index);
    const text = name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : '';
    if (text !== fileName) continue;
    const spec = entries.lookup(index + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (stream instanceof PDFRawStream) return stream;
  }
  throw new Error(`The PDF has no embedded ${fileName}`);
}

/** Swaps the file's bytes in place (same object number, so the file spec and /AF still point at it). */
function replaceStreamContents(document: PDFDocument, stream: PDFRawStream, contents: Uint8Array): void {
  const ref = document.context.getObjectRef(stream);
  if (!ref) throw new Error('The embedded file is not an indirect object');
  const dict = stream.dict.clone(document.context);
  dict.delete(PDFName.of('Length'));
  dict.delete(PDFName.of('Filter'));
  dict.delete(PDFName.of('DecodeParms'));
  const params = dict.lookupMaybe(PDFName.of('Params'), PDFDict);
  if (params) {
    params.delete(PDFName.of('CheckSum'));
    params.set(PDFName.of('Size'), document.context.obj(contents.length));
  }
  document.context.assign(ref, document.context.flateStream(contents, toPlainObject(dict)));
}

function toPlainObject(dict: PDFDict): Record<string, never> {
  const out: Record<string, never> = {};
  for (const [key, value] of dict.entries()) out[key.decodeText()] = value as never;
  return out;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
