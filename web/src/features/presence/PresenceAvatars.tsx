/**
 * Who else has the album open (SPEC §3 "Multiplayer"): one avatar per connection in the user's colour, with
 * their picture or initial and their e-mail as tooltip, for the editor's top bar.
 */
import { Avatar, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReadonlyAtom } from '../../editor/state/atom.ts';
import { useAtomValue } from '../../editor/react.ts';
import type { RemoteUser } from '../../sync/transport.ts';

const MAX_SHOWN = 5;

/** `max`: how many avatars before '+N' (phones show one, so the top bar keeps room for its buttons). */
export function PresenceAvatars({
  presence,
  max = MAX_SHOWN,
}: {
  presence: ReadonlyAtom<readonly RemoteUser[]>;
  max?: number;
}) {
  const { t } = useTranslation();
  const users = useAtomValue(presence);
  if (users.length === 0) return null;
  const shown = users.slice(0, max);
  const hidden = users.length - shown.length;
  return (
    <Avatar.Group
      spacing="xs"
      aria-label={t('sync.presence.label')}
      data-testid="presence-avatars"
      style={{ flexShrink: 0 }}
    >
      {shown.map((remote) => {
        const label = remote.user.email ?? remote.user.name ?? t('sync.presence.guest');
        return (
          <Tooltip key={remote.socketId} label={label} withArrow>
            <Avatar
              src={remote.user.picture}
              alt={label}
              radius="xl"
              size="sm"
              data-testid="presence-avatar"
              data-email={remote.user.email ?? ''}
              style={{ border: `2px solid ${remote.color}`, background: remote.color, color: 'white' }}
            >
              {label.slice(0, 1).toUpperCase()}
            </Avatar>
          </Tooltip>
        );
      })}
      {hidden > 0 && (
        <Tooltip label={t('sync.presence.more', { count: hidden })} withArrow>
          <Avatar radius="xl" size="sm">{`+${hidden}`}</Avatar>
        </Tooltip>
      )}
    </Avatar.Group>
  );
}
