import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** The part of GET /features the help widget reads: Chatwoot's server and token, or null for the built-in form. */
interface HelpWidgetFeatures {
  chatwoot: { url: string; website_token: string } | null;
}

/** The same query (and cache entry) as the other readers of GET /features. */
export function useHelpWidgetFeatures(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['features'],
    queryFn: () => api.get<HelpWidgetFeatures>('/features', { anonymous: true }),
    staleTime: Infinity,
  });
}

/** Limits the server holds the contact form to (server/src/support/routes.ts). */
export const SUPPORT_MESSAGE_MAX_CHARS = 5000;

export interface SupportMessageInput {
  message: string;
  /** Only for guests and signed-out visitors; a signed-in user is answered at their account's address. */
  email?: string;
  album_id?: string;
  page_path: string;
}

export function sendSupportMessage(input: SupportMessageInput) {
  return api.post<{ id: string; created_at: string }>('/support_messages', input);
}
