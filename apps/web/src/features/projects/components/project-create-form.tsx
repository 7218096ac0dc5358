import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PROJECT_TYPE,
  PROJECT_LIMITS,
  projectCreateSchema,
  type Project,
  type ProjectType,
} from '@planvy/shared';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { fullName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { toast, TOAST_MS } from '../../../lib/toast';
import { zodFormErrors, type ValidationMessage } from '../../../lib/zod-form';
import { useCreateProject } from '../api/create-project';
import { useClients } from '../api/get-clients';
import { ProjectTypeSelect } from './project-type-select';

interface ProjectCreateValues {
  name: string;
  type: ProjectType;
  /** The chosen client's id as the Select holds it; null until one is chosen. */
  user_id: string | null;
  description: string;
}

const FIELDS: readonly string[] = ['name', 'type', 'user_id', 'description'];

interface ProjectCreateFormProps {
  onSaved: (project: Project) => void;
  onCancel: () => void;
  /** The client chosen to start with (one just added from here). */
  initialClientId?: string | null;
}

/** /project-add: name, type (default sale), client and description (spec §2, §5). */
export function ProjectCreateForm({ onSaved, onCancel, initialClientId = null }: ProjectCreateFormProps) {
  const { t } = useTranslation();
  const clients = useClients();
  const createProject = useCreateProject();

  const form = useForm<ProjectCreateValues>({
    initialValues: { name: '', type: DEFAULT_PROJECT_TYPE, user_id: initialClientId, description: '' },
    validate: (values) => {
      const translate = (m: ValidationMessage) => t(`validation.${m.key}`, m.values ?? {});
      const errors: FormErrors = zodFormErrors(
        projectCreateSchema,
        { ...values, user_id: undefined },
        translate,
      );
      // The schema takes the owner from the URL; the form needs one chosen (spec §5).
      if (!values.user_id) errors.user_id = t('validation.required');
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    createProject.mutate(
      {
        name: values.name.trim(),
        type: values.type,
        description: values.description.trim(),
        user_id: Number(values.user_id),
      },
      {
        onSuccess: (project) => {
          toast.success(t('projects.add.created'), { autoClose: TOAST_MS.short });
          onSaved(project);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            const fieldErrors: FormErrors = {};
            for (const [field, messages] of Object.entries(error.errors)) {
              if (FIELDS.includes(field) && messages[0]) fieldErrors[field] = messages[0];
            }
            form.setErrors(fieldErrors);
          }
          toast.error(isApiError(error) ? (error.firstError ?? errorMessage(error)) : errorMessage(error));
        },
      },
    );
  });

  const clientOptions = (clients.data ?? []).map((c) => ({ value: String(c.user_id), label: fullName(c) }));
  const noClients = clients.isSuccess && clientOptions.length === 0;
  // The only client is the owner to be: chosen already, still changeable.
  const onlyClient = clientOptions.length === 1 ? clientOptions[0]!.value : null;
  const { setFieldValue, values } = form;
  useEffect(() => {
    if (onlyClient !== null && values.user_id === null) setFieldValue('user_id', onlyClient);
  }, [onlyClient, values.user_id, setFieldValue]);
  const saving = createProject.isPending;

  return (
    <Paper withBorder p="lg" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {clients.isError && (
            <Alert color="red" role="alert" title={t('projects.add.clientsFailed')}>
              {errorMessage(clients.error)}
            </Alert>
          )}
          {noClients && (
            <Alert color="yellow" role="status">
              {t('projects.add.noClients')}{' '}
              <Anchor component={Link} to={paths.userAdd(true)}>
                {t('projects.add.addClient')}
              </Anchor>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('projects.add.name')}
              required
              maxLength={PROJECT_LIMITS.name}
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <ProjectTypeSelect label={t('projects.add.type')} required {...form.getInputProps('type')} />
            <Select
              label={t('projects.add.client')}
              description={t('projects.add.clientDescription')}
              placeholder={t('projects.add.clientPlaceholder')}
              required
              searchable
              data={clientOptions}
              nothingFoundMessage={t('projects.nothingFound')}
              disabled={clients.isPending}
              {...form.getInputProps('user_id')}
            />
          </SimpleGrid>
          <Textarea
            label={t('projects.add.description')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={PROJECT_LIMITS.description}
            {...form.getInputProps('description')}
          />
          <Group gap="sm">
            <Button type="submit" loading={saving}>
              {t('projects.add.save')}
            </Button>
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('projects.add.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
