import {
  PRESET_NAMES,
  isValidRange,
  parseDpi,
  settingsForPreset,
  type PresetName,
  type PrintSettings,
} from '@stickerbook/model';
import type { NewRenderJob } from './queries.ts';

/** Modes offered for custom exports: the special ones of SPEC §2 plus page by page. */
export const CUSTOM_MODES = [
  'album_softcover_inside',
  'album',
  'album_softcover',
  'spread',
  'stickers',
  'stickerpack',
] as const;
/** The presets an admin picks from the menu; current_spread has its own button. */
export const MENU_PRESETS = PRESET_NAMES.filter((p) => p !== 'current_spread');

export interface JobFormState {
  preset: PresetName;
  label: string;
  settings: PrintSettings;
  /** As typed; spaces are stripped when sent (SPEC §5). */
  dpiText: string;
}

export function initialJobForm(preset: PresetName = 'album_softcover_inside'): JobFormState {
  const settings = settingsForPreset(preset);
  return { preset, label: '', settings, dpiText: String(settings.dpi) };
}

/** Picking a preset fills in its settings; the custom preset keeps what is there so it can be edited. */
export function withPreset(state: JobFormState, preset: PresetName): JobFormState {
  if (preset === 'custom') return { ...state, preset };
  const settings = settingsForPreset(preset);
  return { ...state, preset, settings, dpiText: String(settings.dpi) };
}

export type JobFormProblem = 'INVALID_DPI' | 'INVALID_RANGE';

export function jobFormProblems(state: JobFormState): JobFormProblem[] {
  const problems: JobFormProblem[] = [];
  if (parseDpi(state.dpiText) === undefined) problems.push('INVALID_DPI');
  if (!isValidRange(state.settings.range)) problems.push('INVALID_RANGE');
  return problems;
}

/** The POST body: a preset sends its name (the server fills in the same settings), custom sends everything. */
export function jobRequest(albumId: string, state: JobFormState): NewRenderJob {
  const label = state.label.trim() || undefined;
  if (state.preset !== 'custom') {
    return { params: { album_id: albumId }, settings: { preset: state.preset, label, custom: false } };
  }
  const dpi = parseDpi(state.dpiText) ?? state.settings.dpi;
  return {
    params: { album_id: albumId, ...state.settings, dpi, range: state.settings.range.replace(/\s+/g, '') },
    settings: { preset: 'custom', label, custom: true },
  };
}

/** "Current spread" (SPEC §9 current_spread): the spread the editor shows, as a 1-based range of spread mode. */
export function currentSpreadRequest(albumId: string, spreadOrdinal: number): NewRenderJob {
  return {
    params: { album_id: albumId, range: String(spreadOrdinal + 1) },
    settings: { preset: 'current_spread', custom: false },
  };
}
