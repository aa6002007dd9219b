import { useSyncExternalStore } from 'react';

/**
 * SPEC §7 help widget: anything (the help menu, the editor's contact link, the corner button) asks for it here;
 * the widget mounted in the root layout answers with the contact form or Chatwoot's chat. Kept tiny, so the
 * menus that import it carry none of the widget's code.
 */
let requests = 0;
const listeners = new Set<() => void>();

/** Opens the help widget (the contact form, or Chatwoot's chat when configured). */
export function openSupport(): void {
  requests += 1;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How often the widget was asked for so far: it opens whenever this changes. */
export function useSupportRequests(): number {
  return useSyncExternalStore(
    subscribe,
    () => requests,
    () => requests,
  );
}
