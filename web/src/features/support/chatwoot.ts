/**
 * Chatwoot's web widget (SPEC §7 help widget, when CHATWOOT_URL is set): its SDK script from the Chatwoot server,
 * started with the website token, then told who is asking (Chatwoot's documented SDK: `setUser` after the
 * `chatwoot:ready` event, `setCustomAttributes` for the album id). Its own bubble stays hidden: the product's help
 * button and menu open the chat, so nothing new covers the editor's controls.
 */

interface ChatwootApi {
  hasLoaded?: boolean;
  setUser(identifier: string, user: { email?: string; name?: string }): void;
  setCustomAttributes(attributes: Record<string, string>): void;
  deleteCustomAttribute(key: string): void;
  setLocale(locale: string): void;
  toggle(state?: 'open' | 'close'): void;
  reset(): void;
}

declare global {
  interface Window {
    chatwootSettings?: Record<string, unknown>;
    chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
    $chatwoot?: ChatwootApi;
  }
}

export interface ChatwootConfig {
  url: string;
  websiteToken: string;
}

/** Who the chat is with and where they are; applied once the widget is ready, and again on every change. */
export interface ChatwootIdentity {
  user: { id: string; email: string; name?: string } | null;
  albumId: string | null;
  locale: string;
}

let loading: Promise<void> | undefined;
let ready = false;
let wanted: ChatwootIdentity | undefined;
let applied: { userId: string | null; albumId: string | null; locale: string | null } = {
  userId: null,
  albumId: null,
  locale: null,
};

function apply(): void {
  const chat = window.$chatwoot;
  if (!ready || !chat || !wanted) return;
  const userId = wanted.user?.id ?? null;
  if (wanted.user && applied.userId !== userId) {
    chat.setUser(wanted.user.id, { email: wanted.user.email, name: wanted.user.name });
  } else if (!wanted.user && applied.userId) {
    // Signed out: the next conversation must not land on the previous user's contact.
    chat.reset();
    applied = { userId: null, albumId: null, locale: applied.locale };
  }
  if (wanted.albumId && applied.albumId !== wanted.albumId) {
    chat.setCustomAttributes({ album_id: wanted.albumId });
  } else if (!wanted.albumId && applied.albumId) {
    chat.deleteCustomAttribute('album_id');
  }
  if (applied.locale !== wanted.locale) chat.setLocale(wanted.locale);
  applied = { userId, albumId: wanted.albumId, locale: wanted.locale };
}

/** Loads and starts the widget once per page; later calls only update who and where. */
export function startChatwoot(config: ChatwootConfig, identity: ChatwootIdentity): Promise<void> {
  wanted = identity;
  apply();
  loading ??= new Promise<void>((resolve, reject) => {
    window.chatwootSettings = { hideMessageBubble: true, locale: identity.locale, position: 'right' };
    window.addEventListener('chatwoot:ready', () => {
      ready = true;
      apply();
    });
    const script = document.createElement('script');
    script.src = `${config.url}/packs/js/sdk.js`;
    script.async = true;
    script.onload = () => {
      window.chatwootSDK?.run({ websiteToken: config.websiteToken, baseUrl: config.url });
      resolve();
    };
    script.onerror = () => {
      loading = undefined;
      reject(new Error('The chat could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Opens the chat window; false while the widget is not there (not loaded, or its server unreachable). */
export function openChatwoot(): boolean {
  if (!ready || !window.$chatwoot) return false;
  window.$chatwoot.toggle('open');
  return true;
}
