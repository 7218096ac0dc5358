import {
  Button,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  ROLES,
  userCreateFormSchema,
  userRole,
  userUpdateSchema,
  type Role,
  type User,
} from '@planvy/shared';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { currentLanguage } from '../../../lib/i18n';
import { toast, TOAST_MS } from '../../../lib/toast';
import { useZodValidator } from '../../../lib/zod-form';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';

interface UserFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role: Role;
  password: string;
  password_confirm: string;
  /** New users only: mail an invitation to choose a password (the default) instead of setting one. */
  invite: boolean;
}

const FIELDS: readonly (keyof UserFormValues)[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'role',
  'password',
  'password_confirm',
];

function isField(name: string): name is keyof UserFormValues {
  return (FIELDS as readonly string[]).includes(name);
}

interface UserFormProps {
  /** The user to edit; without it the form creates a new user. */
  user?: User;
  onSaved: (user: User) => void;
  onCancel: () => void;
}

/** Create and edit form, validated with the same shared schemas as the API. */
export function UserForm({ user, onSaved, onCancel }: UserFormProps) {
  const { t } = useTranslation();
  const isEdit = user !== undefined;
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const saving = createUser.isPending || updateUser.isPending;

  const form = useForm<UserFormValues>({
    initialValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      role: user ? userRole(user) : 'client',
      password: '',
      password_confirm: '',
      invite: !user,
    },
    validate: useZodValidator<UserFormValues>(isEdit ? userUpdateSchema : userCreateFormSchema, {
      custom: { password_confirm: 'passwordMismatch' },
    }),
    // No validation on blur: a message appearing under the last field moves the Save button away from the
    // pointer between mousedown and mouseup, and the click is lost.
  });

  const onServerError = (error: unknown) => {
    if (isApiError(error) && error.status === 422) {
      const fieldErrors: FormErrors = {};
      for (const [field, messages] of Object.entries(error.errors)) {
        if (isField(field) && messages[0]) fieldErrors[field] = messages[0];
      }
      form.setErrors(fieldErrors);
      toast.error(error.firstError ?? error.message);
      return;
    }
    toast.error(errorMessage(error));
  };

  const submit = form.onSubmit(
    (values) => {
      if (user) {
        const { password, password_confirm, invite: _invite, ...rest } = values;
        updateUser.mutate(
          { id: user.id, data: password ? { ...rest, password, password_confirm } : rest },
          {
            onSuccess: (saved) => {
              toast.success(t('users.form.updated'), { autoClose: TOAST_MS.short });
              onSaved(saved);
            },
            onError: onServerError,
          },
        );
      } else {
        const { password, password_confirm, ...rest } = values;
        const data = values.invite
          ? { ...rest, language: currentLanguage() }
          : { ...rest, password, password_confirm };
        createUser.mutate(data, {
          onSuccess: (saved) => {
            toast.success(t(values.invite ? 'users.form.invited' : 'users.form.created'), {
              autoClose: TOAST_MS.short,
            });
            onSaved(saved);
          },
          onError: onServerError,
        });
      }
    },
    (errors) => {
      // Spec §5: a mismatching confirmation is also announced as a toast.
      if (errors.password_confirm === t('validation.passwordMismatch')) {
        toast.error(t('validation.passwordMismatch'));
      }
    },
  );

  const passwordToggle = { 'aria-label': t('password.toggle') };

  return (
    <Paper withBorder p="lg" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('users.form.firstName')}
              required
              maxLength={LIMITS.name}
              autoComplete="off"
              {...form.getInputProps('first_name')}
            />
            <TextInput
              label={t('users.form.lastName')}
              maxLength={LIMITS.name}
              autoComplete="off"
              {...form.getInputProps('last_name')}
            />
            <TextInput
              label={t('users.form.email')}
              type="email"
              required={!isEdit}
              disabled={isEdit}
              description={isEdit ? t('users.form.emailLocked') : undefined}
              maxLength={LIMITS.email}
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('users.form.phone')}
              type="tel"
              maxLength={LIMITS.phone}
              autoComplete="off"
              {...form.getInputProps('phone')}
            />
            <NativeSelect
              label={t('users.form.role')}
              required
              data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              {...form.getInputProps('role')}
            />
          </SimpleGrid>
          {!isEdit && (
            <Radio.Group
              label={t('users.form.passwordChoice')}
              value={form.values.invite ? 'invite' : 'password'}
              onChange={(value) => form.setFieldValue('invite', value === 'invite')}
            >
              <Stack gap="xs" mt="xs">
                <Radio
                  value="invite"
                  label={t('users.form.invite')}
                  description={t('users.form.inviteDescription')}
                />
                <Radio value="password" label={t('users.form.setPassword')} />
              </Stack>
            </Radio.Group>
          )}
          {!form.values.invite && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label={t('users.form.password')}
                required={!isEdit}
                description={isEdit ? t('users.form.passwordKeep') : undefined}
                maxLength={LIMITS.passwordMax}
                autoComplete="new-password"
                visibilityToggleButtonProps={passwordToggle}
                {...form.getInputProps('password')}
              />
              <PasswordInput
                label={t('users.form.passwordConfirm')}
                required={!isEdit}
                maxLength={LIMITS.passwordMax}
                autoComplete="new-password"
                visibilityToggleButtonProps={passwordToggle}
                {...form.getInputProps('password_confirm')}
              />
            </SimpleGrid>
          )}
          <Group gap="sm">
            <Button type="submit" loading={saving}>
              {t('users.form.save')}
            </Button>
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('users.form.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
