import type { OrderUpdate } from '../types.ts';
import type { StaffSignal } from './queries.ts';

/** SPEC §4: staff may add each signal once; one already on the timeline is not offered again. */
export function offeredSignals(
  signals: readonly StaffSignal[],
  updates: readonly OrderUpdate[],
): StaffSignal[] {
  const present = new Set(updates.map((update) => update.signal));
  return signals.filter((signal) => !present.has(signal.title));
}
