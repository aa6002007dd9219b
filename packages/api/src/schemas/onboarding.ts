/** SPEC §3 onboarding: the six flags the onboarding panel ticks off, derived from the album on every read. */
import { ONBOARDING_STEPS, type OnboardingStep } from '@stickerbook/model';
import { z } from 'zod';

/** GET /albums/{id}/onboarding_state: one flag per step of the model's ONBOARDING_STEPS. */
export const onboardingStateSchema = z.object(
  Object.fromEntries(ONBOARDING_STEPS.map((step) => [step, z.boolean()])) as Record<
    OnboardingStep,
    z.ZodBoolean
  >,
);

export type OnboardingStateView = z.infer<typeof onboardingStateSchema>;
