/**
 * A tiny observable value (tldraw's `atom`, without the dependency graph): React subscribes to one slice of
 * editor state (camera, selection, drag delta, document version) through `useSyncExternalStore`, so a pointer
 * move that only changes the drag delta re-renders only the components reading the drag delta.
 */
export interface ReadonlyAtom<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

export class Atom<T> implements ReadonlyAtom<T> {
  private value: T;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: T,
    /** Equal values do not notify; the default is identity, so set a new object to announce a change. */
    private readonly equals: (a: T, b: T) => boolean = Object.is,
  ) {
    this.value = initial;
  }

  get = (): T => this.value;

  set(next: T): void {
    if (this.equals(this.value, next)) return;
    this.value = next;
    for (const listener of [...this.listeners]) listener();
  }

  update(fn: (current: T) => T): void {
    this.set(fn(this.value));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
}

/** Shallow equality for arrays of primitives (selections), so re-selecting the same ids notifies nobody. */
export function sameArray<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

/** A minimal event channel for things that happen (patches, requests to the UI) rather than state. */
export class Emitter<T> {
  private readonly listeners = new Set<(event: T) => void>();

  on = (listener: (event: T) => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  emit(event: T): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
