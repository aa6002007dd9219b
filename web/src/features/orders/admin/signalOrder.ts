import { errorCodeOf } from '../../../api/errors.ts';

/**
 * SPEC §4 keeps staff signals in order (issue 22 item 6): the server refuses one out of order with 409
 * SIGNAL_OUT_OF_ORDER and the reason in the admin's language ("„Alben versendet“ kommt erst nach „Bestellung
 * angenommen“ …"). The admin is asked with that reason first; only a yes sends it again with `confirm: true`.
 * Answers what the accepted request answered, or null when the admin said no. Other errors are thrown.
 */
export async function addSignalAsking<T>(
  send: (confirm: boolean) => Promise<T>,
  ask: (reason: string) => Promise<boolean>,
): Promise<T | null> {
  try {
    return await send(false);
  } catch (error) {
    if (errorCodeOf(error) !== 'SIGNAL_OUT_OF_ORDER') throw error;
    if (!(await ask((error as Error).message))) return null;
    return send(true);
  }
}
