/**
 * Dialogs opened through `modals` (ui/confirm.tsx) before the lazily loaded provider (Overlays.tsx) listens are
 * kept here and replayed once it does, so a click during start-up is not lost. Toasts need no such help: they
 * live in the notifications store and show when the toast layer mounts.
 */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

let ready = false;
const early: Array<{ type: string; detail: unknown }> = [];

function keep(event: Event) {
  if (!ready) early.push({ type: event.type, detail: (event as CustomEvent).detail });
}

export function holdModalEvents(): void {
  MODAL_EVENTS.forEach((type) => window.addEventListener(type, keep));
}

/** The provider listens now: replay what came before, in order. */
export function overlaysReady(): void {
  if (ready) return;
  ready = true;
  MODAL_EVENTS.forEach((type) => window.removeEventListener(type, keep));
  for (const { type, detail } of early.splice(0)) window.dispatchEvent(new CustomEvent(type, { detail }));
}
