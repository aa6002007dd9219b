export type Random = () => number;

/**
 * A deterministic generator (mulberry32): the same seed gives the same numbers, so a sticker pack draw can be
 * repeated (an export job's `seed`) and a failing fuzz run replayed.
 */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
