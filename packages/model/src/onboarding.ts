/**
 * The onboarding tab (SPEC §3 onboarding flags, §4 "Onboarding step: done, active (first not-done), todo").
 * The server computes the flags (`GET /albums/{id}/onboarding_state`); both sides share the step order.
 */

import type { AlbumDocument } from './document.ts';
export const ONBOARDING_STEPS = [
  'has_invitations',
  'has_title_and_release_date',
  'has_sticker',
  'has_updated_section',
  'has_updated_sticker_link_config',
  'has_image',
] as const;

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export type OnboardingState = Record<OnboardingStep, boolean>;
export type OnboardingStepStatus = 'done' | 'active' | 'todo';

/** Each step's status: done when its flag is set, the first step not done is active, the rest are todo. */
export function onboardingStepStatuses(
  state: Partial<OnboardingState>,
): Array<{ step: OnboardingStep; status: OnboardingStepStatus }> {
  let activeGiven = false;
  return ONBOARDING_STEPS.map((step) => {
    if (state[step] === true) return { step, status: 'done' as const };
    if (activeGiven) return { step, status: 'todo' as const };
    activeGiven = true;
    return { step, status: 'active' as const };
  });
}

/**
 * The flags a document answers by itself: a sticker of the user's exists (the blueprint's sample stickers, matched by
 * name and position, do not count); a section was added, removed or renamed compared with
 * the blueprint the album came from (compared by names: an album's copy of a blueprint has fresh ids; without a
 * blueprint, any editable section counts); an image is used (an Image element or a sticker with a photo).
 */
export function documentOnboardingFlags(
  doc: AlbumDocument,
  blueprint?: AlbumDocument,
): Pick<OnboardingState, 'has_sticker' | 'has_updated_section' | 'has_image'> {
  const sectionNames = (d: AlbumDocument) =>
    Object.values(d.nodes)
      .filter((node) => node.type === 'Section' && node.props.static !== true)
      .map((node) => String(node.props.name))
      .sort();
  const current = sectionNames(doc);
  const original = blueprint ? sectionNames(blueprint) : [];
  const stickers = Object.values(doc.stickers);
  const sampleKey = (sticker: { name: string; position: string }) =>
    `${sticker.name}\u0000${sticker.position}`;
  const samples = new Set(Object.values(blueprint?.stickers ?? {}).map(sampleKey));
  return {
    has_sticker: stickers.some((sticker) => !samples.has(sampleKey(sticker))),
    has_updated_section: blueprint
      ? current.length !== original.length || current.some((name, i) => name !== original[i])
      : current.length > 0,
    has_image:
      stickers.some((sticker) => typeof sticker.image === 'string') ||
      Object.values(doc.nodes).some((node) => node.type === 'Image' && typeof node.props.image === 'string'),
  };
}
