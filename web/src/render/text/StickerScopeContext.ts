import { createContext } from 'react';
import type { StickerScope } from './symbols.ts';

export const StickerScopeContext = createContext<StickerScope | undefined>(undefined);
