import type { StaffSignalView } from '@stickerbook/api';
import type { OrderUpdate } from '../types.ts';

/** SPEC §4: staff may add each signal once; one already on the timeline is not offered again. */
export function offeredSignals(
  signals: readonly StaffSignalView[],
  updates: readonly OrderUpdate[],
): StaffSignalView[] {
  const present = new Set(updates.map((update) => update.signal));
  return signals.filter((signal) => !present.has(signal.title));
}
