import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../ui/notify.ts';
import { AuthCard } from './AuthCard.tsx';
import { logIn } from './authActions.ts';
import { OidcButton } from './OidcButton.tsx';
import { useReturnTo, withReturnTo } from './useReturnTo.ts';
import { emailError } from './validation.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => emailError(value, t),
      password: (value) => (value ? null : t('errors.auth.passwordRequired')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await logIn(values);
      navigate(returnTo, { replace: true });
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <OidcButton returnTo={returnTo} />
          {error !== null && (
            <Alert color="red" variant="light" data-testid="auth-error">
              {errorMessage(error)}
            </Alert>
          )}
          <TextInput
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={t('auth.password')}
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={form.submitting} fullWidth data-testid="login-submit">
            {t('auth.login.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.login.noAccount')}{' '}
            <Anchor component={Link} to={withReturnTo('/signup', returnTo)} data-testid="to-signup">
              {t('auth.signup.submit')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
