import { notifications } from '@mantine/notifications';
import i18n, { type i18n as I18n } from 'i18next';
import { errorCodeOf } from '../api/errors.ts';
import { errorText, type ErrorScreen } from '../i18n/errorText.ts';

/** SPEC §9: toasts hide after 10 s. The one toast system of the app. */
export const TOAST_AUTO_CLOSE_MS = 10_000;

function show(color: string, message: string, title?: string) {
  notifications.show({ color, message, title, autoClose: TOAST_AUTO_CLOSE_MS, withBorder: true });
}

export const notify = {
  info: (message: string, title?: string) => show('blue', message, title),
  success: (message: string, title?: string) => show('teal', message, title),
  warning: (message: string, title?: string) => show('yellow', message, title),
  error: (message: string, title?: string) => show('red', message, title),
};

/**
 * Translated text for an API error: the screen's own wording or the code's text (errors.*), else the generic one.
 * In the UI language unless a page speaks another (the checkout passes its album-language instance).
 */
export function errorMessage(error: unknown, language: I18n = i18n, screen?: ErrorScreen): string {
  return errorText(errorCodeOf(error), { screen, language });
}

export function notifyError(error: unknown): void {
  notify.error(errorMessage(error));
}
