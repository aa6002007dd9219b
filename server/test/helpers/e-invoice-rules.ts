/**
 * Runs the official e-invoice rule sets on CII XML, the way an e-invoice portal or a tax adviser's software checks
 * it: the CEN EN 16931 CII XSD (libxml2 as WebAssembly) and the compiled Schematron of CEN EN 16931 and of KoSIT
 * XRechnung (Saxon-HE, Debian libsaxonhe-java). The rule files are vendored in test/fixtures/e-invoice-rules (see
 * its README for where they come from). Saxon compiles a 700 kB stylesheet in seconds, so every document of a test
 * file goes through one Saxon run per rule set: write them into a folder, transform the folder, parse each SVRL.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { validateXML } from 'xmllint-wasm';

const run = promisify(execFile);
const RULES = join(import.meta.dirname, '../fixtures/e-invoice-rules');
const SAXON = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';

const RULE_SETS = {
  en16931: join(RULES, 'en16931/EN16931-CII-validation.xslt'),
  xrechnung: join(RULES, 'xrechnung/XRechnung-CII-validation.xslt'),
} as const;
export type RuleSet = keyof typeof RULE_SETS;

export interface FailedAssert {
  /** The rule's id, e.g. BR-CO-15 or BR-DE-15. */
  id: string;
  /** fatal and error make a document invalid; warning is informational. */
  flag: string;
  text: string;
  location: string;
}

export interface RuleSetReport {
  /** The failed asserts that make the document invalid (flag fatal or error). */
  errors: FailedAssert[];
  warnings: FailedAssert[];
  /** How many rules fired at all: proves the rule set looked at the document. */
  firedRules: number;
}

/** Whether java and Saxon-HE are installed; the rule-set tests skip without them, except on CI. */
export async function saxonAvailable(): Promise<boolean> {
  if (!existsSync(SAXON)) return false;
  try {
    await run('java', ['-version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks every document against one rule set in one Saxon run. `documents` maps a name (letters, digits, dashes)
 * to its XML; the result has the same names.
 */
export async function runRuleSet(
  ruleSet: RuleSet,
  documents: Record<string, string>,
): Promise<Record<string, RuleSetReport>> {
  const dir = await mkdtemp(join(tmpdir(), `rules-${ruleSet}-`));
  try {
    const inDir = join(dir, 'in');
    const outDir = join(dir, 'out');
    await mkdir(inDir);
    await mkdir(outDir);
    for (const [name, xml] of Object.entries(documents)) {
      if (!/^[\w-]+$/.test(name)) throw new Error(`Document name ${name} is not a file name`);
      await writeFile(join(inDir, `${name}.xml`), xml, 'utf8');
    }
    await run(
      'java',
      ['-cp', SAXON, 'net.sf.saxon.Transform', `-s:${inDir}`, `-xsl:${RULE_SETS[ruleSet]}`, `-o:${outDir}`],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const produced = await readdir(outDir);
    const reports: Record<string, RuleSetReport> = {};
    for (const name of Object.keys(documents)) {
      if (!produced.includes(`${name}.xml`)) throw new Error(`Saxon wrote no report for ${name}`);
      reports[name] = parseSvrl(await readFile(join(outDir, `${name}.xml`), 'utf8'));
    }
    return reports;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Reads an SVRL report: every failed assert and successful report with its id, flag and message. */
function parseSvrl(svrl: string): RuleSetReport {
  const failed: FailedAssert[] = [];
  for (const match of svrl.matchAll(
    /<svrl:(?:failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:(?:failed-assert|successful-report)>/g,
  )) {
    const attributes = match[1]!;
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '';
    failed.push({
      id: attribute('id'),
      flag: attribute('flag') || 'error',
      location: attribute('location').replace(/Q\{[^}]*\}/g, ''),
      text: match[2]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    });
  }
  return {
    errors: failed.filter((assert) => assert.flag === 'fatal' || assert.flag === 'error'),
    warnings: failed.filter((assert) => assert.flag !== 'fatal' && assert.flag !== 'error'),
    firedRules: (svrl.match(/<svrl:fired-rule\b/g) ?? []).length,
  };
}

/** The CEN EN 16931 CII XSD (UN/CEFACT D16B subset, uncoupled code lists). */
export async function validateCiiSchema(xml: string): Promise<string[]> {
  const dir = join(RULES, 'en16931/xsd');
  const read = async (fileName: string) => ({
    fileName,
    contents: await readFile(join(dir, fileName), 'utf8'),
  });
  const main = await read('CrossIndustryInvoice_100pD16B.xsd');
  const preload = await Promise.all(
    [
      'CrossIndustryInvoice_QualifiedDataType_100pD16B.xsd',
      'CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd',
      'CrossIndustryInvoice_UnqualifiedDataType_100pD16B.xsd',
    ].map(read),
  );
  const result = await validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [main],
    preload,
  });
  return result.errors.map((error) => error.rawMessage);
}

/** One line per failed assert, for a readable test failure. */
export function describeAsserts(asserts: readonly FailedAssert[]): string[] {
  return asserts.map((assert) => `${assert.id} [${assert.flag}] ${assert.text} @ ${assert.location}`);
}
