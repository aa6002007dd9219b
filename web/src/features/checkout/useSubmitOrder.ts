import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorCodeOf } from '../../api/errors.ts';
import { placeOrder, type OrderBody, type PreflightEntry } from './api.ts';
import { attemptFor } from './formState.ts';
import { serverFieldMessages } from './rules.ts';
import type { CheckoutState } from './useCheckoutState.ts';

/** SPEC §4 checkout submit: pending, submitting, then success or error (OK returns to pending). */
export type SubmitStatus = 'pending' | 'submitting' | 'success' | 'error';

export interface SubmitFailure {
  error: unknown;
  /** 422 `details.fields` as messages per form field. */
  fields: Record<string, string>;
  /** 422 ALBUM_HAS_ERRORS: the preflight entries the server found. */
  albumErrors: PreflightEntry[];
}

/** `language`: the album's, in which the server answers (field messages of a 422). */
export function useSubmitOrder(state: CheckoutState, albumId: string, language: string) {
  const client = useQueryClient();
  const [status, setStatus] = useState<SubmitStatus>('pending');
  const [failure, setFailure] = useState<SubmitFailure | null>(null);

  const submit = async (body: OrderBody) => {
    if (status === 'submitting') return;
    // The same form sent again keeps its key, so a retry after a lost answer creates no second order.
    const attempt = attemptFor(state.attempt, body);
    state.setAttempt(attempt);
    setStatus('submitting');
    setFailure(null);
    try {
      const order = await placeOrder(body, attempt.key, language);
      state.orderPlaced(order.id);
      setStatus('success');
    } catch (error) {
      // The price moved since the button was drawn: the quote is asked again, so the button shows the new total.
      if (errorCodeOf(error) === 'PRICE_CHANGED')
        void client.invalidateQueries({ queryKey: ['albums', albumId, 'checkout'] });
      const details = error instanceof ApiError ? error.details : undefined;
      const albumErrors = (details as { errors?: PreflightEntry[] } | undefined)?.errors;
      setFailure({
        error,
        fields: serverFieldMessages(details),
        albumErrors: Array.isArray(albumErrors) ? albumErrors : [],
      });
      setStatus('error');
    }
  };

  /** The error's OK: back to pending, the form as it was. Also the start of a new order after a placed one. */
  const acknowledge = () => setStatus('pending');

  return { status, failure, submit, acknowledge };
}
