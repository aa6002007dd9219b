/**
 * The one check of a print output profile that start-up makes (PRINT_OUTPUT_ICC, config/index.ts) and the print
 * pipeline repeats when it loads the profile (print/output-profile.ts): here, so config needs nothing from print.
 */

/** Why a file is not a usable output profile, or undefined when it is a CMYK output (printer) profile. */
export function iccProfileProblem(bytes: Uint8Array): string | undefined {
  if (bytes.length < 132) return 'is not an ICC profile';
  const text = (from: number) => Buffer.from(bytes.subarray(from, from + 4)).toString('latin1');
  if (text(36) !== 'acsp') return 'is not an ICC profile';
  if (text(16) !== 'CMYK') return 'is not a CMYK profile';
  if (text(12) !== 'prtr') return 'is not an output (printer) profile';
  return undefined;
}
