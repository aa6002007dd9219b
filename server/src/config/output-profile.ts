import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const GS_SHARE = '/usr/share/ghostscript';

/**
 * The print partner's CMYK characterisation: the ICC profile every CMYK colour of a print file is converted
 * through (Ghostscript's pass, the photos' CMYK copies) and that the PDF/X output intent embeds.
 */
export interface CmykProfile {
  path: string;
  /** The profile's own description (its `desc` tag), the output intent's OutputCondition and Info. */
  description: string;
  /** The output intent's OutputConditionIdentifier: a registered characterisation (FOGRA39, CGATS TR 001) or Custom. */
  identifier: string;
  /** SHA-256 of the profile file (hex): a CMYK copy made through another profile is made again. */
  hash: string;
}

/** Where the partner's profile comes from: config PRINT_OUTPUT_ICC and PRINT_OUTPUT_CONDITION. */
export interface PrintOutputSettings {
  iccPath: string;
  /** Unset = `Custom` (a profile that is no registered characterisation). */
  condition?: string;
}

/**
 * Ghostscript's shipped default_cmyk.icc ("Artifex CMYK SWOP Profile") characterises SWOP coated printing, whose
 * registered name (ICC characterisation data registry) is CGATS TR 001.
 */
const GS_DEFAULT_CONDITION = 'CGATS TR 001';

/** Why a file is not a usable output profile, or undefined when it is a CMYK output (printer) profile. */
export function iccProfileProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < 132) return 'is not an ICC profile';
  const text = (from: number) => Buffer.from(bytes.subarray(from, from + 4)).toString('latin1');
  if (text(36) !== 'acsp') return 'is not an ICC profile';
  if (text(16) !== 'CMYK') return 'is not a CMYK profile';
  if (text(12) !== 'prtr') return 'is not an output (printer) profile';
  return undefined;
}

/** The `desc` tag's text: ICC v2 textDescriptionType or v4 multiLocalizedUnicodeType (its first record). */
function iccDescription(bytes: Uint8Array): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(128);
  for (let i = 0; i < count && 132 + 12 * (i + 1) <= bytes.length; i++) {
    const at = 132 + 12 * i;
    if (Buffer.from(bytes.subarray(at, at + 4)).toString('latin1') !== 'desc') continue;
    const offset = view.getUint32(at + 4);
    const type = Buffer.from(bytes.subarray(offset, offset + 4)).toString('latin1');
    if (type === 'desc') {
      const length = view.getUint32(offset + 8);
      return Buffer.from(bytes.subarray(offset + 12, offset + 12 + length))
        .toString('latin1')
        .replace(/\0+$/, '');
    }
    if (type === 'mluc' && view.getUint32(offset + 8) > 0) {
      const length = view.getUint32(offset + 20);
      const start = offset + view.getUint32(offset + 24);
      return Buffer.from(bytes.subarray(start, start + length))
        .swap16()
        .toString('utf16le')
        .replace(/\0+$/, '');
    }
  }
  return undefined;
}

const loaded = new Map<string, CmykProfile>();

/** Reads and checks an output profile; throws with the reason when the file is not a CMYK output profile. */
export function readCmykProfile(path: string, identifier = 'Custom'): CmykProfile {
  const cacheKey = `${path}\n${identifier}\n${statSync(path).mtimeMs}`;
  const known = loaded.get(cacheKey);
  if (known) return known;
  const bytes = readFileSync(path);
  const problem = iccProfileProblem(bytes);
  if (problem) throw new Error(`${path} ${problem}`);
  const profile = {
    path,
    description: iccDescription(bytes) || identifier,
    identifier,
    hash: createHash('sha256').update(bytes).digest('hex'),
  };
  loaded.set(cacheKey, profile);
  return profile;
}

/**
 * The CMYK profile Debian's ghostscript package ships (`iccprofiles/default_cmyk.icc`), newest ghostscript first;
 * nothing is downloaded. Undefined when ghostscript is not installed.
 */
export function findCmykProfile(share = GS_SHARE): CmykProfile | undefined {
  if (!existsSync(share)) return undefined;
  for (const version of readdirSync(share).sort().reverse()) {
    const path = join(share, version, 'iccprofiles', 'default_cmyk.icc');
    if (existsSync(path)) return readCmykProfile(path, GS_DEFAULT_CONDITION);
  }
  return undefined;
}

/** The profile of the settings (the print partner's), else Ghostscript's default; undefined without either. */
export function outputProfileOf(settings: PrintOutputSettings | undefined): CmykProfile | undefined {
  return settings ? readCmykProfile(settings.iccPath, settings.condition ?? 'Custom') : findCmykProfile();
}

/** The one a caller gave, else Ghostscript's default; throws when there is none. */
export function requireCmykProfile(profile?: CmykProfile): CmykProfile {
  const found = profile ?? findCmykProfile();
  if (!found) throw new Error('Ghostscript and its CMYK profile (default_cmyk.icc) are not installed');
  return found;
}
