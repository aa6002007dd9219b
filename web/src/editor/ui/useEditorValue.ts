/**
 * Subscribes a component to several editor atoms and derives one value from them. Re-renders only when the
 * derived value changes (compared with `equals`), so e.g. the page box re-renders when its label changes, not
 * on every camera move.
 */
import { startTransition, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/**
 * `useDerived` for a view that may show a change one frame after the canvas does (a panel, the element toolbar,
 * a badge): the new value renders in a transition, after the paint of the frame that changed it, so an undo's
 * frame is spent on the canvas alone (issue 23's undo to the painted frame).
 */
export function useDerivedAfterPaint<T>(
  atoms: ReadonlyArray<ReadonlyAtom<unknown>>,
  derive: () => T,
  equals: (a: T, b: T) => boolean = Object.is,
): T {
  const [value, setValue] = useState(derive);
  const deriveRef = useRef(derive);
  deriveRef.current = derive;
  useEffect(
    () => {
      const update = () =>
        startTransition(() =>
          setValue((previous) => {
            const next = deriveRef.current();
            return equals(previous, next) ? previous : next;
          }),
        );
      // A change between the render and this effect.
      update();
      const offs = atoms.map((atom) => atom.subscribe(update));
      return () => offs.forEach((off) => off());
    },
    // The atoms of one editor never change identity; `equals` is a module-level function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    atoms,
  );
  return value;
}

/** `useAtomValue` for a view that may show a change one frame after the canvas does (`useDerivedAfterPaint`). */
export function useAtomValueAfterPaint<T>(atom: ReadonlyAtom<T>): T {
  return useDerivedAfterPaint([atom], atom.get);
}
