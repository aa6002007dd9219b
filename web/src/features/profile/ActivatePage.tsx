import { Alert, Button, Container, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import type { User } from '../../api/types.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';

export function ActivatePage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const activate = useMutation({
    mutationFn: () => api.patch<User>('/users/activate'),
    onSuccess: (user) => client.setQueryData(queryKeys.me, user),
  });
  const { mutate } = activate;
  const started = useRef(false);
  useEffect(() => {
    // Activation is a one-shot PATCH: StrictMode's double effect must not send it twice.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  return (
    <Container size="sm" py={60}>
      {(activate.isPending || activate.isIdle) && <PageLoader />}
      {activate.isError && (
        <Alert color="red" data-testid="activate-error">
          {t('errors.generic')}
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
