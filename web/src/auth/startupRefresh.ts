/**
 * The refresh a signed-in user's page load starts before the app's code has arrived (issue 23, cold editor open).
 * After a reload the page holds no access token, so its first API call waits for `POST /auth/refresh`; asked for
 * by the app's entry, it went out only once the entry's dozen chunks had loaded and run, and the editor's album
 * after it. web/vite-route-preload.ts's small script starts it as soon as the HTML is in, for the pages
 * src/app/routePreloads.ts names, and leaves the answer here; the API client's first refresh takes it
 * (src/api/client.ts) instead of asking again, which would send the rotated cookie's predecessor.
 */

/** Where the session is kept in localStorage (auth/session.ts). */
export const SESSION_STORAGE_KEY = 'stickerbook.session';

/** The global the early refresh's response waits in. */
export const STARTUP_REFRESH_GLOBAL = '__stickerbookStartupRefresh';

/** The early refresh's response, once: undefined when none was started or it was taken already. */
export function takeStartupRefresh(): Promise<Response> | undefined {
  return takeGlobal<Promise<Response>>(STARTUP_REFRESH_GLOBAL);
}

/** The global the early read of the opened page's first data waits in (web/vite-route-preload.ts). */
export const STARTUP_READ_GLOBAL = '__stickerbookStartupRead';

interface StartupRead {
  url: string;
  /** Undefined when the early refresh or the read itself failed. */
  response: Promise<Response | undefined>;
}

/**
 * The early read of `url`, once: the page's first data (the editor's album, the start page's list), asked for by
 * the preload script as soon as the early refresh answered, while the app's code still loads. Undefined when none
 * was started for this URL or it was taken already; the caller then asks as usual, as it does when the answer is
 * undefined.
 */
export function takeStartupRead(url: string): Promise<Response | undefined> | undefined {
  return takeGlobal<StartupRead>(STARTUP_READ_GLOBAL, (read) => read.url === url)?.response;
}

/** What the preload script left in the global `name`, taken once: left there when `wanted` refuses it. */
function takeGlobal<T>(name: string, wanted: (value: T) => boolean = () => true): T | undefined {
  const holder = window as unknown as Record<string, T | undefined>;
  const value = holder[name];
  if (value === undefined || !wanted(value)) return undefined;
  delete holder[name];
  return value;
}
