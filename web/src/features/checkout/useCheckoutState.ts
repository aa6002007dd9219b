import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  formForNextOrder,
  initialForm,
  loadCheckout,
  restoreForm,
  saveCheckout,
  type CheckoutForm,
  type SubmitAttempt,
} from './formState.ts';

/**
 * The checkout's whole client state (step, form, submit attempt, placed order), kept across reloads and the
 * round trip through sign-up; a placed order's thank-you is not (formState `checkoutToKeep`).
 */
export function useCheckoutState(albumId: string, language: string, email: string | undefined) {
  const client = useQueryClient();
  const [stored] = useState(() => loadCheckout(albumId));
  const form = useForm<CheckoutForm>({
    mode: 'controlled',
    initialValues: restoreForm(initialForm({ language, email }), stored?.form),
  });
  const [step, setStep] = useState(stored?.step ?? 0);
  const [attempt, setAttempt] = useState<SubmitAttempt | null>(stored?.attempt ?? null);
  const [orderId, setOrderId] = useState<string | null>(stored?.orderId ?? null);

  useEffect(() => {
    saveCheckout(albumId, { step, form: form.values, attempt, orderId });
  }, [albumId, step, form.values, attempt, orderId]);

  /**
   * The quotes were asked before the order: a single-use voucher was valid then and is used up now, so every
   * cached quote of the album is asked again, and the voucher leaves the form (issue 22 item 7).
   */
  const forgetOrderedState = () => {
    form.setValues(formForNextOrder(form.getValues()));
    setAttempt(null);
    void client.invalidateQueries({ queryKey: ['albums', albumId, 'checkout'] });
  };

  /** The order is placed: its thank-you is shown, and the checkout is ready for the next one. */
  const orderPlaced = (id: string) => {
    forgetOrderedState();
    setOrderId(id);
    setStep(3);
  };

  /** "Place another order": the first step, with the address kept and no voucher. */
  const startNewOrder = () => {
    forgetOrderedState();
    setOrderId(null);
    setStep(0);
  };

  return {
    form,
    step,
    setStep,
    attempt,
    setAttempt,
    orderId,
    orderPlaced,
    startNewOrder,
    restored: stored !== null,
  };
}

export type CheckoutState = ReturnType<typeof useCheckoutState>;
