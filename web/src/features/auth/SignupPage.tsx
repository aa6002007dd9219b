import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../ui/notify.ts';
import { AuthCard } from './AuthCard.tsx';
import { signUp } from './authActions.ts';
import { OidcButton } from './OidcButton.tsx';
import { useReturnTo, withReturnTo } from './useReturnTo.ts';
import { emailError, passwordError } from './validation.ts';

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [error, setError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { email: '', password: '', nickname: '' },
    validate: {
      email: (value) => emailError(value, t),
      password: (value) => passwordError(value, t),
    },
  });

  const submit = form.onSubmit(async ({ email, password, nickname }) => {
    setError(null);
    try {
      await signUp({ email, password, nickname: nickname.trim() || undefined });
      navigate(returnTo, { replace: true });
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <AuthCard title={t('auth.signup.title')} subtitle={t('auth.signup.subtitle')}>
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
            description={t('auth.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <TextInput
            label={t('auth.nickname')}
            description={t('auth.nicknameHint')}
            autoComplete="nickname"
            {...form.getInputProps('nickname')}
          />
          <Button type="submit" loading={form.submitting} fullWidth data-testid="signup-submit">
            {t('auth.signup.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.signup.haveAccount')}{' '}
            <Anchor component={Link} to={withReturnTo('/login', returnTo)} data-testid="to-login">
              {t('auth.login.submit')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
