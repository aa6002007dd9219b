import { useEffect, useRef } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router-dom';

/** Marks the same-page history entry this hook adds, so the blocker lets exactly that entry through. */
const HOLD_STATE = { stickerUploadHold: true } as const;

const isHoldEntry = (state: unknown) =>
  typeof state === 'object' && state !== null && 'stickerUploadHold' in state;

/**
 * SPEC §2 public sticker upload form: "Navigation blocked during upload and on the result screen". While
 * `active`, in-app navigation and the browser's Back button leave the visitor where they are.
 *
 * The form's steps are React state, not history entries, so a visitor who opened the link in a new tab has no
 * history inside the app: Back would leave the site before any in-app blocker sees it. When the hold starts we
 * therefore push one entry for the same URL; Back then pops inside the app, where the blocker refuses it and
 * the router returns to the held entry. Later holds (a second upload) reuse that entry.
 */
export function useHoldNavigation(active: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const pushed = useRef(false);

  useEffect(() => {
    if (!active || pushed.current || isHoldEntry(location.state)) return;
    pushed.current = true;
    void navigate(`${location.pathname}${location.search}${location.hash}`, { state: HOLD_STATE });
  }, [active, location, navigate]);

  const blocker = useBlocker(({ nextLocation }) => active && !isHoldEntry(nextLocation.state));
  useEffect(() => {
    // Refusing is the whole answer: the router has already put the held entry back.
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
}
