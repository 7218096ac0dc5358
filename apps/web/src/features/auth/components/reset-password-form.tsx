import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle } from '../../../components/ui/icons';
import { LIMITS, passwordResetSchema } from '@planvy/shared';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useZodValidator } from '../../../lib/zod-form';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useCompletePasswordReset } from '../api/password-reset';

interface Values {
  token: string;
  password: string;
  password_confirm: string;
}

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  /** Shown with a refused link: where to ask for a new one. */
  askAgain: React.ReactNode;
  /** A reset link (the default) or an invitation link: the same form, another endpoint and button. */
  purpose?: 'reset' | 'invite';
}

/** The new password, typed twice, under the user form's rules (the shared schema). */
export function ResetPasswordForm({ token, onDone, askAgain, purpose = 'reset' }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const [linkRefused, setLinkRefused] = useState<string | null>(null);
  const reset = useCompletePasswordReset();
  const accept = useAcceptInvitation();
  const mutation = purpose === 'invite' ? accept : reset;
  const form = useForm<Values>({
    initialValues: { token, password: '', password_confirm: '' },
    validate: useZodValidator<Values>(passwordResetSchema, {
      custom: { password_confirm: 'passwordMismatch' },
    }),
  });

  const submit = form.onSubmit((values) => {
    setLinkRefused(null);
    mutation.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        if (isApiError(error) && error.status === 422) {
          if (error.errors.token?.[0]) {
            setLinkRefused(error.errors.token[0]);
            return;
          }
          const fieldErrors: FormErrors = {};
          for (const field of ['password', 'password_confirm'] as const) {
            const message = error.errors[field]?.[0];
            if (message) fieldErrors[field] = message;
          }
          form.setErrors(fieldErrors);
          return;
        }
        setLinkRefused(errorMessage(error));
      },
    });
  });

  const toggle = { 'aria-label': t('password.toggle') };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {linkRefused && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {linkRefused} {askAgain}
          </Alert>
        )}
        <PasswordInput
          label={t('resetPassword.password')}
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          required
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('resetPassword.passwordConfirm')}
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          required
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('password_confirm')}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          {t(purpose === 'invite' ? 'setPassword.submit' : 'resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
