import type { ComponentType } from 'react';
import type { EditorTab } from '../editor-shell/editorKeys.ts';
import { BackgroundPanel } from './background/BackgroundPanel.tsx';
import { LayoutsPanel } from './layouts/LayoutsPanel.tsx';
import { OnboardingPanel } from './onboarding/OnboardingPanel.tsx';
import { StickersPanel } from './stickers/StickersPanel.tsx';
import { StylesPanel } from './styles/StylesPanel.tsx';
import { JobsPanel } from '../jobs/JobsPanel.tsx';
import { StickerLinkPanel } from '../sticker-link/StickerLinkPanel.tsx';
import { ReviewPanel } from './review/ReviewPanel.tsx';
import type { TabPanelProps } from './types.ts';

/** Tab key -> sidebar panel. Checkout has none: it opens its own page. */
export const EDITOR_TAB_PANELS: Partial<Record<EditorTab, ComponentType<TabPanelProps>>> = {
  onboarding: OnboardingPanel,
  stickers: StickersPanel,
  background: BackgroundPanel,
  layouts: LayoutsPanel,
  styles: StylesPanel,
  jobs: JobsPanel,
  stickerlink: StickerLinkPanel,
  review: ReviewPanel,
};
