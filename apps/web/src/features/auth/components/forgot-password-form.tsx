import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconMailCheck } from '../../../components/ui/icons';
import { LIMITS, passwordResetRequestSchema } from '@planvy/shared';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { currentLanguage } from '../../../lib/i18n';
import { useZodValidator } from '../../../lib/zod-form';
import { useRequestPasswordReset } from '../api/password-reset';

/** "Glömt lösenord?": asks for the address; the answer is the same whether or not it has an account. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useRequestPasswordReset();
  const form = useForm<{ email: string }>({
    initialValues: { email: '' },
    validate: useZodValidator<{ email: string }>(passwordResetRequestSchema),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    mutation.mutate(
      { email: values.email, language: currentLanguage() },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 429) setFailure(t('forgotPassword.rateLimited'));
          else setFailure(errorMessage(error));
        },
      },
    );
  });

  if (mutation.isSuccess) {
    return (
      <Alert color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status">
        {t('forgotPassword.sent')}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('forgotPassword.intro')}</Text>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
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
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {t('forgotPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
