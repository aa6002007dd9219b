// Debian packages the browser and print tests need: Chromium (playwright-core drives it; it never downloads
// a browser of its own), poppler-utils (pdfinfo, pdffonts, pdftotext, pdfimages for checking print files) and
// ghostscript (PDF/X conversion of the print-shop exports, with its CMYK profile), tesseract-ocr with German
// (reading invoices back from their rendered pages, as a person would) and Saxon-HE (running the official
// EN 16931 and XRechnung rule sets on every kind of e-invoice).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = {
  chromium: '/usr/bin/chromium',
  'poppler-utils': '/usr/bin/pdfinfo',
  ghostscript: '/usr/bin/gs',
  'tesseract-ocr': '/usr/bin/tesseract',
  'tesseract-ocr-deu': '/usr/share/tesseract-ocr/5/tessdata/deu.traineddata',
  'libsaxonhe-java': '/usr/share/java/Saxon-HE.jar',
};

/** CI=true (or 1): a missing package fails the run; locally its tests are skipped with a message instead. */
export function isCi() {
  return ['true', '1'].includes(String(process.env.CI ?? '').toLowerCase());
}

export function chromiumPath() {
  return process.env.CHROMIUM_PATH || PACKAGES.chromium;
}

/** Installs missing packages when running as root; otherwise prints the command. Returns true when all exist. */
export function ensureSystemDeps() {
  const missing = Object.entries(PACKAGES)
    .filter(([name, path]) => !(name === 'chromium' ? existsSync(chromiumPath()) : existsSync(path)))
    .map(([name]) => name);
  if (missing.length === 0) return true;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian packages: ${missing.join(', ')}`);
    try {
      execSync(
        `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
        {
          stdio: 'inherit',
        },
      );
      return true;
    } catch {
      console.warn(`Could not install ${missing.join(', ')}.`);
    }
  }
  if (isCi()) {
    console.error(
      `CI: browser and print tests need ${missing.join(', ')} (${command}); failing instead of skipping them.`,
    );
  } else {
    console.warn(`Browser and print tests need: ${command} (as root). Everything else still runs.`);
  }
  return false;
}
