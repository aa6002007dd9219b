import { Alert, Button, Container, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import type { User } from '../../api/types.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { notify } from '../../ui/notify.ts';
import { errorCodeOf } from '../../api/errors.ts';
import { pendingInvitationsKey, useResendActivationMail } from '../album-settings/api.ts';

/**
 * /profile/activate?token=… from the activation mail: confirms that the account reads its address. Without a
 * token, or with a stale one, the page says so and sends a new link on request.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token');
  const activate = useMutation({
    mutationFn: (value: string) => api.patch<User>('/users/activate', { token: value }),
    onSuccess: (user) => {
      client.setQueryData(queryKeys.me, user);
      return client.invalidateQueries({ queryKey: pendingInvitationsKey });
    },
  });
  const resend = useResendActivationMail();
  const { mutate } = activate;
  const started = useRef(false);
  useEffect(() => {
    // Activation is a one-shot PATCH: StrictMode's double effect must not send it twice.
    if (started.current || !token) return;
    started.current = true;
    mutate(token);
  }, [mutate, token]);

  const problem = !token ? 'noToken' : activate.isError ? 'invalid' : null;
  return (
    <Container size="sm" py={60}>
      {token && (activate.isPending || activate.isIdle) && <PageLoader />}
      {problem && (
        <Alert
          color={problem === 'invalid' ? 'red' : 'blue'}
          data-testid={problem === 'invalid' ? 'activate-error' : 'activate-no-token'}
        >
          <Stack align="flex-start" gap="xs">
            {problem === 'invalid' && errorCodeOf(activate.error) !== 'ACTIVATION_LINK_INVALID'
              ? t('errors.generic')
              : t(`activate.${problem}`)}
            {resend.isSuccess ? (
              <span role="status" data-testid="activate-sent">
                {t('activate.sent')}
              </span>
            ) : (
              <Button
                size="xs"
                variant="light"
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(undefined, { onError: () => notify.error(t('start.verify.sendError')) })
                }
                data-testid="activate-resend"
              >
                {t('activate.resend')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {activate.isSuccess && (
        <Alert
          color="teal"
          icon={<IconCircleCheck />}
          title={t('activate.successTitle')}
          data-testid="activate-success"
        >
          <Stack align="flex-start">
            {t('activate.successBody')}
            <Button component={Link} to="/start?activated=1">
              {t('activate.toStart')}
            </Button>
          </Stack>
        </Alert>
      )}
    </Container>
  );
}
