import { StandardFonts, degrees, rgb, type PDFDocument } from 'pdf-lib';

/**
 * The proof's marking, in the album's language. Helvetica (a PDF standard font, nothing to embed) only covers
 * WinAnsi, so the texts avoid letters outside it (no Polish ł).
 */
const PROOF_LABELS: Record<string, { word: string; line: string }> = {
  de: { word: 'KORREKTURABZUG', line: 'KORREKTURABZUG – nicht für den Druck' },
  en: { word: 'PROOF', line: 'PROOF – not for print' },
  fr: { word: 'ÉPREUVE', line: 'ÉPREUVE – ne pas imprimer' },
  it: { word: 'BOZZA', line: 'BOZZA – non per la stampa' },
  pl: { word: 'KOREKTA', line: 'KOREKTA – nie do druku' },
};

function proofLabel(language: string | null | undefined): { word: string; line: string } {
  return PROOF_LABELS[language ?? ''] ?? PROOF_LABELS.en;
}

const RED = rgb(0.8, 0.1, 0.1);

/**
 * Marks every page of a proof so it can never pass for the print file: a faint diagonal word across the page and,
 * at the foot of the page, the full line with the page number on a white band. The document's subject says it too.
 */
export async function stampProof(doc: PDFDocument, language: string | null | undefined): Promise<void> {
  const label = proofLabel(language);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const box = page.getMediaBox();
    // Diagonal word: as wide as ~70 % of the page's diagonal, centred.
    const diagonal = Math.hypot(box.width, box.height);
    const angle = Math.atan2(box.height, box.width);
    const size = Math.min(160, (0.7 * diagonal) / Math.max(1, bold.widthOfTextAtSize(label.word, 1)));
    const wordWidth = bold.widthOfTextAtSize(label.word, size);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    // Start point so the rotated text's centre is the page centre.
    const dx = (wordWidth / 2) * Math.cos(angle) - (size / 3) * Math.sin(angle);
    const dy = (wordWidth / 2) * Math.sin(angle) + (size / 3) * Math.cos(angle);
    page.drawText(label.word, {
      x: cx - dx,
      y: cy - dy,
      size,
      font: bold,
      color: RED,
      opacity: 0.12,
      rotate: degrees((angle * 180) / Math.PI),
    });
    const line = `${label.line} · ${i + 1}/${pages.length}`;
    const lineSize = 8;
    const lineWidth = regular.widthOfTextAtSize(line, lineSize);
    page.drawRectangle({
      x: box.x + 6,
      y: box.y + 6,
      width: lineWidth + 8,
      height: lineSize + 6,
      color: rgb(1, 1, 1),
      opacity: 0.85,
    });
    page.drawText(line, { x: box.x + 10, y: box.y + 9.5, size: lineSize, font: regular, color: RED });
  });
  doc.setSubject(label.line);
  doc.setKeywords(['proof']);
  // The fonts are embedded on flush; pdf-boxes.ts writes the file itself instead of calling save().
  await doc.flush();
}
