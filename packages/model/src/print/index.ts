/**
 * Print (SPEC §2 /render, §3 render job, §9 print constants): what a print file contains and where everything
 * sits on its sheets. Written once here so the render route (web), the export worker (server) and the tests
 * agree on page order, page sizes, bleed, slug, crop marks, the cover spine and the sticker sheets.
 *
 * Units are millimetres. A "sheet" is one page of the output file: a trimmed area (an album page, a spread,
 * the cover, a sticker sheet, the sticker pack wrapper, one sticker of a pack) with optional bleed around it and,
 * around that, a slug carrying crop marks. The sheets of one file may differ in size (a sticker pack file).
 */
export * from './presets.ts';
export * from './export-options.ts';
export * from './geometry.ts';
export * from './sticker-sheets.ts';
export * from './pages.ts';
