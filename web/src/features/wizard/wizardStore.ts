import { useSyncExternalStore } from 'react';
import { emptyWizardState, type WizardState } from './wizardRules.ts';

/**
 * The wizard's working state, shared by its routes and autosaved to localStorage on every change.
 * Whether to resume a saved configuration is asked once per browser tab (sessionStorage flag).
 */
const STORAGE_KEY = 'stickerbook.wizard';
const ASKED_KEY = 'stickerbook.wizard.resumeAsked';

const listeners = new Set<() => void>();

export function loadSavedWizard(): WizardState | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<WizardState>;
    if (!saved.blueprintId) return null;
    return {
      ...emptyWizardState,
      ...saved,
      organization: { ...emptyWizardState.organization, ...saved.organization },
    };
  } catch {
    return null;
  }
}

function resumeAlreadyDecided(): boolean {
  return sessionStorage.getItem(ASKED_KEY) === '1';
}

let current: WizardState = (resumeAlreadyDecided() && loadSavedWizard()) || emptyWizardState;

function emit(next: WizardState, persist: boolean) {
  current = next;
  if (persist) localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

export const wizardStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<WizardState>) {
    // Working on a configuration is a decision too: nothing older is offered any more in this tab.
    sessionStorage.setItem(ASKED_KEY, '1');
    emit({ ...current, ...patch }, true);
  },
  /** True when a saved configuration exists and the user has not chosen between it and a fresh start. */
  shouldOfferResume(): boolean {
    return !resumeAlreadyDecided() && loadSavedWizard() !== null;
  },
  resume() {
    sessionStorage.setItem(ASKED_KEY, '1');
    emit(loadSavedWizard() ?? emptyWizardState, false);
  },
  startFresh() {
    sessionStorage.setItem(ASKED_KEY, '1');
    localStorage.removeItem(STORAGE_KEY);
    emit(emptyWizardState, false);
  },
  /** After the album exists the configuration has done its job. */
  finish() {
    localStorage.removeItem(STORAGE_KEY);
    sessionStorage.removeItem(ASKED_KEY);
    emit(emptyWizardState, false);
  },
};

export function useWizardState(): WizardState {
  return useSyncExternalStore(wizardStore.subscribe, wizardStore.get, wizardStore.get);
}
