import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../components/ui/icons';
import { LIMITS, loginBodySchema, type LoginBody } from '@planvy/shared';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { login, logout } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { useZodValidator } from '../../../lib/zod-form';
import { useLogin } from '../api/login';

interface LoginFormProps {
  onSuccess: () => void;
}

export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useLogin();
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: useZodValidator<LoginBody>(loginBodySchema),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    mutation.mutate(values, {
      onSuccess: (data) => {
        login(data);
        onSuccess();
      },
      onError: (error) => {
        logout();
        if (isApiError(error) && error.status === 401) setFailure(t('login.wrongCredentials'));
        else if (isApiError(error) && error.status === 429) setFailure(t('login.rateLimited'));
        else setFailure(errorMessage(error));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert
            color="red"
            variant="light"
            title={t('login.failedTitle')}
            icon={<IconAlertCircle aria-hidden />}
            role="alert"
          >
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          type="email"
          autoComplete="username"
          maxLength={LIMITS.email}
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          maxLength={LIMITS.passwordMax}
          required
          visibilityToggleButtonProps={{ 'aria-label': t('password.toggle') }}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {t('login.submit')}
        </Button>
        <Anchor component={Link} to={paths.forgotPassword()} size="sm" ta="center">
          {t('login.forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}
