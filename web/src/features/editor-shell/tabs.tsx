import {
  IconBrush,
  IconClipboardCheck,
  IconLayoutGrid,
  IconLink,
  IconListCheck,
  IconPhoto,
  IconPrinter,
  IconShoppingCart,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { EditorTab } from './editorKeys.ts';

export const TAB_ICONS: Record<EditorTab, ComponentType<{ size?: number }>> = {
  onboarding: IconListCheck,
  stickers: IconUsers,
  stickerlink: IconLink,
  background: IconPhoto,
  layouts: IconLayoutGrid,
  styles: IconBrush,
  jobs: IconPrinter,
  review: IconClipboardCheck,
  checkout: IconShoppingCart,
};
