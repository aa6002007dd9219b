import { useQuery } from '@tanstack/react-query';
import {
  SUPPORT_MESSAGE_LIMITS,
  type FeaturesView,
  type ReceivedSupportMessageView,
  type SupportMessageBody,
} from '@stickerbook/api';
import { api } from '../../api/client.ts';

/**
 * GET /features, of which the help widget reads `chatwoot`: Chatwoot's server and token, or null for the built-in
 * form. The same query (and cache entry) as the other readers of GET /features.
 */
export function useHelpWidgetFeatures(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['features'],
    queryFn: () => api.get<FeaturesView>('/features', { anonymous: true }),
    staleTime: Infinity,
  });
}

/** The longest message the server takes (@stickerbook/api schemas/support.ts). */
export const SUPPORT_MESSAGE_MAX_CHARS = SUPPORT_MESSAGE_LIMITS.messageChars;

/** `email` only for guests and signed-out visitors; a signed-in user is answered at their account's address. */
export function sendSupportMessage(body: SupportMessageBody) {
  return api.post<ReceivedSupportMessageView>('/support_messages', body);
}
