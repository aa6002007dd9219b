import { describe, expect, it } from 'vitest';
import { documentOnboardingFlags, onboardingStepStatuses } from './onboarding.ts';
import { createSection, renameSection } from './operations/sections.ts';
import { run, smallAlbum, withNode } from './testing/test-support.ts';

describe('onboarding steps', () => {
  it('marks set flags done, the first open step active and the rest todo', () => {
    const steps = onboardingStepStatuses({ has_invitations: true, has_sticker: true });
    expect(steps.map((s) => `${s.step}:${s.status}`)).toEqual([
      'has_invitations:done',
      'has_title_and_release_date:active',
      'has_sticker:done',
      'has_updated_section:todo',
      'has_updated_sticker_link_config:todo',
      'has_image:todo',
    ]);
  });

  it('has no active step when everything is done', () => {
    const all = onboardingStepStatuses({
      has_invitations: true,
      has_title_and_release_date: true,
      has_sticker: true,
      has_updated_section: true,
      has_updated_sticker_link_config: true,
      has_image: true,
    });
    expect(all.every((s) => s.status === 'done')).toBe(true);
  });
});

describe('document onboarding flags', () => {
  it('sees stickers, renamed or added sections and used images', () => {
    const blueprint = smallAlbum();
    let doc = smallAlbum();
    expect(documentOnboardingFlags(doc, blueprint)).toEqual({
      has_sticker: false,
      has_updated_section: false,
      has_image: false,
    });
    const renamed = run(doc, renameSection(doc, 's1', 'Our team'));
    expect(documentOnboardingFlags(renamed, blueprint).has_updated_section).toBe(true);
    const added = run(
      doc,
      createSection(doc, 'Friends', () => 's9'),
    );
    expect(documentOnboardingFlags(added, blueprint).has_updated_section).toBe(true);
    doc = withNode(doc, 'photo', 'Image', 'p1', 'a0', { x: 0, y: 0, width: 10, height: 10, image: 'img1' });
    doc = {
      ...doc,
      stickers: { a: { id: 'a', name: 'A', position: '', doubleSticker: false, sectionId: 's1' } },
    };
    expect(documentOnboardingFlags(doc, blueprint)).toMatchObject({ has_sticker: true, has_image: true });
  });

  it('does not count the blueprint’s sample stickers as the user’s', () => {
    const sample = { id: 'a', name: 'Sample', position: 'Keeper', doubleSticker: false, sectionId: 's1' };
    const blueprint = { ...smallAlbum(), stickers: { a: sample } };
    const copy = { ...smallAlbum(), stickers: { b: { ...sample, id: 'b' } } };
    expect(documentOnboardingFlags(copy, blueprint).has_sticker).toBe(false);
    const own = { ...copy, stickers: { ...copy.stickers, c: { ...sample, id: 'c', name: 'Anna' } } };
    expect(documentOnboardingFlags(own, blueprint).has_sticker).toBe(true);
  });
});
