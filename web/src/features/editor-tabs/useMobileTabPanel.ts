import { createContext, useContext } from 'react';

export const MobileTabContext = createContext(false);

/**
 * Whether the panel is drawn as the phone's tab sheet (SPEC §2: the sticker form is inline on mobile, the spread
 * creation modal full screen). A context rather than a second media query, so the panels follow the shell's
 * choice of the mobile editor exactly.
 */
export function useMobileTabPanel(): boolean {
  return useContext(MobileTabContext);
}
