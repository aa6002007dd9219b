/**
 * Subscribes a component to several editor atoms and derives one value from them. Re-renders only when the
 * derived value changes (compared with `equals`), so e.g. the page box re-renders when its label changes, not
 * on every camera move.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ReadonlyAtom } from '../state/atom.ts';

export function useDerived<T>(
  atoms: ReadonlyArray<ReadonlyAtom<unknown>>,
  derive: () => T,
  equals: (a: T, b: T) => boolean = Object.is,
): T {
  const cache = useRef<{ value: T } | null>(null);
  const deriveRef = useRef(derive);
  deriveRef.current = derive;
  const subscribe = useCallback(
    (listener: () => void) => {
      const offs = atoms.map((atom) => atom.subscribe(listener));
      return () => offs.forEach((off) => off());
    },
    // The atoms of one editor never change identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    atoms,
  );
  const read = () => {
    const next = deriveRef.current();
    if (cache.current && equals(cache.current.value, next)) return cache.current.value;
    cache.current = { value: next };
    return next;
  };
  return useSyncExternalStore(subscribe, read, read);
}
