import { PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { largestImagePlacements, printPixelSize } from './image-placements.ts';

/** A page drawing one 1 x 1 image twice: directly, and through a form with its own matrix inside a scaled state. */
async function documentWithPlacements() {
  const doc = await PDFDocument.create();
  const image = doc.context.register(
    doc.context.flateStream(new Uint8Array(3), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 1,
      Height: 1,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    }),
  );
  const form = doc.context.register(
    doc.context.flateStream('q 100 0 0 50 0 0 cm /Im0 Do Q', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 1000, 1000],
      Matrix: [2, 0, 0, 2, 10, 10],
      Resources: { XObject: { Im0: image } },
    }),
  );
  const page = doc.addPage([600, 800]);
  const im = page.node.newXObject('Im', image).toString();
  const fm = page.node.newXObject('Fm', form).toString();
  // (text in a string must not count as an operator: "(cm Do)" is one token)
  page.node.set(
    PDFName.of('Contents'),
    doc.context.register(
      doc.context.flateStream(
        `q 40 0 0 30 0 0 cm ${im} Do Q q 1.5 0 0 1.5 0 0 cm (cm Do) Tj ${fm} Do Q 72 0 0 72 0 0 cm`,
      ),
    ),
  );
  return { doc, image: image as PDFRef };
}

describe('image placements', () => {
  it('finds the largest size an image is drawn at, through states and nested forms', async () => {
    const { doc, image } = await documentWithPlacements();
    expect(doc.context.lookup(image)).toBeInstanceOf(PDFRawStream);
    // direct: 40 x 30; through the form: 100 x 50 x form 2 x state 1.5 = 300 x 150
    expect(largestImagePlacements(doc).get(image.objectNumber)).toEqual({ width: 300, height: 150 });
  });

  it('resamples only above 450 dpi, to 300 dpi at the sharper axis', () => {
    const inch = 72;
    // 5 x 4 inches: 2000 x 1600 px is 400 dpi, kept; 3000 x 2400 is 600 dpi, made 1500 x 1200
    expect(printPixelSize({ width: 2000, height: 1600 }, { width: 5 * inch, height: 4 * inch })).toEqual({
      width: 2000,
      height: 1600,
    });
    expect(printPixelSize({ width: 3000, height: 2400 }, { width: 5 * inch, height: 4 * inch })).toEqual({
      width: 1500,
      height: 1200,
    });
    // stretched: 600 dpi across, 500 dpi down; the lower decides, so neither falls below 300
    expect(printPixelSize({ width: 3000, height: 2000 }, { width: 5 * inch, height: 4 * inch })).toEqual({
      width: 1800,
      height: 1200,
    });
    // never placed: as it is
    expect(printPixelSize({ width: 3000, height: 2400 }, undefined)).toEqual({ width: 3000, height: 2400 });
  });
});
