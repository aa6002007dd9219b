/**
 * When the layers no page needs for its first content load: the toasts and `modals` dialogs (Overlays.tsx) and
 * the help widget. Loaded with the first render, their ~70 kB of code and styles came before a signed-in start
 * page's content on a slow phone connection, and their evaluation in its long tasks. They load at the first of:
 * STARTUP_GRACE_MS after the page's load event, the visitor's first input (a click may open a dialog), or a dialog
 * asked for by code (`deferredOverlays.ts` keeps it until then). A toast shown meanwhile waits in the
 * notifications store and shows when its layer mounts.
 */
import { useEffect, useState } from 'react';

export const STARTUP_GRACE_MS = 1500;

const INPUTS = ['pointerdown', 'keydown', 'touchstart'] as const;

let done = false;
const waiting = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

/** Loads the deferred layers now. */
export function endStartup(): void {
  if (done) return;
  done = true;
  clearTimeout(timer);
  INPUTS.forEach((type) => window.removeEventListener(type, endStartup, true));
  window.removeEventListener('load', startGrace);
  for (const callback of [...waiting]) callback();
  waiting.clear();
}

function startGrace() {
  timer = setTimeout(endStartup, STARTUP_GRACE_MS);
}

/** Starts waiting (App.tsx, before the first render). */
export function waitForStartup(): void {
  if (done) return;
  INPUTS.forEach((type) => window.addEventListener(type, endStartup, { capture: true, passive: true }));
  if (document.readyState === 'complete') startGrace();
  else window.addEventListener('load', startGrace, { once: true });
}

/** Calls `callback` once the deferred layers may load (at once if they may); answers how to stop waiting. */
export function onStartupEnd(callback: () => void): () => void {
  if (done) {
    callback();
    return () => {};
  }
  waiting.add(callback);
  return () => {
    waiting.delete(callback);
  };
}

/** False until the deferred layers may load. */
export function useAfterStartup(): boolean {
  const [after, setAfter] = useState(done);
  useEffect(() => onStartupEnd(() => setAfter(true)), []);
  return after;
}
