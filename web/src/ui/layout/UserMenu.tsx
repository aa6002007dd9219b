import { Avatar, Button, Group, UnstyledButton } from '@mantine/core';
import {
  IconLayoutDashboard,
  IconLogout,
  IconMail,
  IconReceipt,
  IconSettings,
  IconUser,
  IconUserSearch,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { logOut } from '../../features/auth/authActions.ts';
import { useSession, useViewer } from '../../auth/session.ts';
import { loginRedirect } from '../../app/guards.ts';
// Its popover code loads when the menu is first used, not with every page.
import { DeferredMenu as Menu } from '../../app/DeferredMenu.tsx';

interface Props {
  /** The editor opens its album settings here; elsewhere the app settings modal opens. */
  onSettings: () => void;
}

export function UserMenu({ onSettings }: Props) {
  const { t } = useTranslation();
  const session = useSession();
  const viewer = useViewer();
  const location = useLocation();

  if (session.kind !== 'user') {
    return (
      <Group gap="xs">
        <Button variant="subtle" component={Link} to={loginRedirect(location)} data-testid="header-login">
          {t('auth.login.submit')}
        </Button>
        <Button component={Link} to="/signup" visibleFrom="xs" data-testid="header-signup">
          {t('auth.signup.submit')}
        </Button>
      </Group>
    );
  }
  const { user } = session;
  const name = user.nickname || user.email;
  return (
    <Menu position="bottom-end" withinPortal width={220}>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.label')} data-testid="user-menu">
          <Avatar src={user.picture || null} alt={name} color="coral" radius="xl">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/orders" leftSection={<IconReceipt size={16} />}>
          {t('userMenu.orders')}
        </Menu.Item>
        {viewer.isAdmin && (
          <Menu.Item component={Link} to="/dashboard" leftSection={<IconLayoutDashboard size={16} />}>
            {t('userMenu.dashboard')}
          </Menu.Item>
        )}
        {viewer.isAdmin && (
          <Menu.Item component={Link} to="/admin/outbox" leftSection={<IconMail size={16} />}>
            {t('outbox.title')}
          </Menu.Item>
        )}
        {viewer.isAdmin && (
          <Menu.Item component={Link} to="/admin/users" leftSection={<IconUserSearch size={16} />}>
            {t('accountData.admin.title')}
          </Menu.Item>
        )}
        <Menu.Item
          onClick={onSettings}
          leftSection={<IconSettings size={16} />}
          data-testid="user-menu-settings"
        >
          {t('userMenu.settings')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          onClick={logOut}
          leftSection={<IconLogout size={16} />}
          color="red"
          data-testid="user-menu-logout"
        >
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
