import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import {
  initialForm,
  loadCheckout,
  restoreForm,
  saveCheckout,
  type CheckoutForm,
  type SubmitAttempt,
} from './formState.ts';

/** The checkout's whole client state (step, form, submit attempt, placed order), kept across reloads. */
export function useCheckoutState(albumId: string, language: string, email: string | undefined) {
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

  return { form, step, setStep, attempt, setAttempt, orderId, setOrderId, restored: stored !== null };
}

export type CheckoutState = ReturnType<typeof useCheckoutState>;
