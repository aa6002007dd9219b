import i18n from 'i18next';
import { errorMessage } from '../../ui/notify.ts';

/**
 * SPEC §8: a failed album delete says why, with the server's reason (its error code's translated text, e.g. "only
 * the owner can do that", or the generic text for a code without one). The start page and the settings' danger
 * zone both delete albums.
 */
export function albumDeleteFailedText(error: unknown): string {
  return i18n.t('start.deleteFailed', { reason: errorMessage(error) });
}
