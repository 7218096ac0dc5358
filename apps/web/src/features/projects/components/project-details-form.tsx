import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconInfoCircle } from '../../../components/ui/icons';
import {
  PROJECT_LIMITS,
  projectUpdateSchema,
  type Project,
  type ProjectPerson,
  type ProjectSettingName,
  type ProjectSettings,
  type ProjectSettingVersions,
} from '@planvy/shared';
import { ConflictAlert } from '../../../components/ui/conflict-alert';
import { isApiError, isConflict } from '../../../lib/api-client';
import { useCan } from '../../../hooks/use-can';
import { fullName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { zodFormErrors, type ValidationMessage } from '../../../lib/zod-form';
import { useBrokers } from '../api/get-brokers';
import { useClients } from '../api/get-clients';
import { useReloadProjectDetails } from '../hooks/use-reload-project-details';
import { useSaveProjectDetails, type SaveDetailsResult } from '../hooks/use-save-project-details';
import {
  changeCount,
  detailsChanges,
  informationGaps,
  settingFormValue,
  settingProblems,
  toDetailsValues,
  type ProjectDetailsValues,
  type SettingProblem,
} from '../project-details-values';
import { isSettingShown, SETTING_GROUPS } from '../settings-groups';
import { ProjectTypeSelect } from './project-type-select';
import { SettingField } from './setting-field';
import classes from './project-details-form.module.css';

const PROJECT_FIELDS = ['name', 'type', 'description', 'user_id', 'broker_id'] as const;

/** Two columns of about equal height on wide screens; one column, in catalogue order, on phones. */
const GROUP_COLUMNS = [SETTING_GROUPS.slice(0, 2), SETTING_GROUPS.slice(2)];

interface ProjectDetailsFormProps {
  project: Project;
  settings: ProjectSettings;
  /** Each setting's version, sent back with a change of it. */
  versions: ProjectSettingVersions;
}

/** What the form's values were loaded from: the base of its changes and the versions it saves over. */
interface Base {
  project: Project;
  settings: ProjectSettings;
  versions: ProjectSettingVersions;
}

/** A person as a Select option; the current one is kept even when the list does not hold it. */
function personOptions(
  people: readonly { id: number; first_name: string; last_name: string }[],
  current: ProjectPerson | null,
) {
  const options = people.map((p) => ({ value: String(p.id), label: fullName(p) || `#${p.id}` }));
  if (current && !people.some((p) => p.id === current.id)) {
    options.unshift({ value: String(current.id), label: fullName(current) || `#${current.id}` });
  }
  return options;
}

/**
 * The Project tab's form: name, type, description, owner, broker and the settings in groups.
 * One Save stores the project and every changed setting in parallel; non-admins see it read-only.
 */
export function ProjectDetailsForm({ project, settings, versions }: ProjectDetailsFormProps) {
  const { t } = useTranslation();
  const save = useSaveProjectDetails();
  const reloadDetails = useReloadProjectDetails(project.id);
  const [base, setBase] = useState<Base>({ project, settings, versions });
  const [conflict, setConflict] = useState(false);
  const can = useCan();
  // Spec §6: the client and broker lists are loaded only for those who assign them (admins).
  const editsCore = can('project.editCore', project);
  const editsSettings = can('settings.update', project);
  const clients = useClients({ enabled: editsCore });
  const brokers = useBrokers({ enabled: editsCore });
  const readOnly = !editsCore;
  const settingsReadOnly = !editsSettings;

  const problemMessage = (problem: SettingProblem): string => {
    switch (problem.kind) {
      case 'integer':
        return t('projects.details.errors.integer', { min: problem.min, max: problem.max });
      case 'decimal':
        return t('projects.details.errors.decimal', {
          min: problem.min,
          max: problem.max,
          decimals: problem.decimals,
        });
      case 'text':
        return t('projects.details.errors.text', { max: problem.max });
      case 'date':
        return t('projects.details.errors.date');
      case 'email':
        return t('validation.email');
      case 'url':
        return t('projects.details.errors.url');
      default:
        return t('validation.invalid');
    }
  };

  const form = useForm<ProjectDetailsValues>({
    initialValues: toDetailsValues(project, settings),
    validate: (values) => {
      const translate = (m: ValidationMessage) => t(`validation.${m.key}`, m.values ?? {});
      const errors: FormErrors = zodFormErrors(
        projectUpdateSchema,
        { name: values.name, type: values.type, description: values.description },
        translate,
      );
      if (!values.user_id) errors.user_id = t('validation.required');
      for (const [name, problem] of Object.entries(settingProblems(values))) {
        errors[`settings.${name}`] = problemMessage(problem);
      }
      return errors;
    },
  });

  // Fresh data from the server (a refetch, another tab's save) replaces the form only while it holds
  // no edits of its own; edits in progress are never overwritten, and keep the versions they were
  // made on, so saving them over someone else's change is refused rather than silently winning.
  useEffect(() => {
    if (base.project === project && base.settings === settings && base.versions === versions) return;
    if (changeCount(detailsChanges(base.project, base.settings, form.getValues())) === 0) {
      setBase({ project, settings, versions });
      form.setValues(toDetailsValues(project, settings));
      form.clearErrors();
    }
  }, [base, project, settings, versions, form]);

  /** Shows what is stored now, dropping this form's unsaved edits (after a conflict). */
  const reload = async () => {
    const fresh = await reloadDetails();
    setBase({ project: fresh.project, settings: fresh.settings.values, versions: fresh.settings.versions });
    form.setValues(toDetailsValues(fresh.project, fresh.settings.values));
    form.clearErrors();
    setConflict(false);
  };

  const values = form.getValues();
  const changes = detailsChanges(base.project, base.settings, values);
  const pending = changeCount(changes);
  const informationOn = values.settings.use_apartment_information === true;
  const gaps = informationGaps(values);

  const applyResult = (result: SaveDetailsResult) => {
    // What the server stored replaces what was typed (trimmed names, normalised numbers), and
    // becomes the base of further changes, with the versions it now has.
    setBase((old) => ({
      project: result.project ?? old.project,
      settings: { ...old.settings, ...Object.fromEntries(result.settings.map((s) => [s.name, s.value])) },
      versions: { ...old.versions, ...Object.fromEntries(result.settings.map((s) => [s.name, s.version])) },
    }));
    if (result.project) {
      const stored = toDetailsValues(result.project, settings);
      for (const field of PROJECT_FIELDS) form.setFieldValue(field, stored[field]);
    }
    for (const s of result.settings)
      form.setFieldValue(`settings.${s.name}`, settingFormValue(s.name, s.value));

    if (result.failures.length === 0) {
      toast.success(t('projects.details.saved'));
      return;
    }
    if (result.failures.some((f) => isConflict(f.error))) {
      // Someone else saved first: what did not go through waits for a reload, shown above the form.
      setConflict(true);
      return;
    }
    const fieldErrors: FormErrors = {};
    const other: string[] = [];
    for (const failure of result.failures) {
      const { error } = failure;
      if (!(isApiError(error) && error.status === 422)) {
        other.push(errorMessage(error));
        continue;
      }
      if (failure.target === 'project') {
        for (const [field, messages] of Object.entries(error.errors)) {
          if ((PROJECT_FIELDS as readonly string[]).includes(field) && messages[0])
            fieldErrors[field] = messages[0];
        }
        if (Object.keys(error.errors).length === 0) other.push(errorMessage(error));
      } else {
        const name: ProjectSettingName = failure.name;
        const problem = settingProblems({ ...values, settings: { ...values.settings } })[name];
        fieldErrors[`settings.${name}`] = problem
          ? problemMessage(problem)
          : (error.firstError ?? errorMessage(error));
      }
    }
    form.setErrors(fieldErrors);
    toast.error(other.length > 0 ? [...new Set(other)].join(' ') : t('projects.details.fixErrors'), {
      title: t('projects.details.saveFailed'),
    });
  };

  const submit = form.onSubmit(() => {
    if (pending === 0) return;
    save.mutate(
      {
        projectId: project.id,
        project: changes.project,
        settings: changes.settings,
        versions: { project: base.project.version, settings: base.versions },
      },
      { onSuccess: applyResult, onError: (error) => toast.error(errorMessage(error)) },
    );
  });

  const ownerOptions = personOptions(
    (clients.data ?? []).map((c) => ({ id: c.user_id, first_name: c.first_name, last_name: c.last_name })),
    project.user,
  );
  const brokerOptions = personOptions(brokers.data ?? [], project.broker);
  const saving = save.isPending;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('projects.details.projectSection')}
      className={readOnly ? classes.readOnly : undefined}
    >
      <Stack gap="lg">
        <Paper withBorder p="lg">
          <Stack gap="md">
            <div>
              <Title order={2} size="h4">
                {t('projects.details.projectSection')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('projects.details.projectSectionDescription')}
              </Text>
            </div>
            {conflict && <ConflictAlert message={t('conflicts.project')} onReload={reload} />}
            {readOnly && (
              <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
                {t('projects.details.readOnlyNotice')}
              </Alert>
            )}
            {editsCore && (clients.isError || brokers.isError) && (
              <Alert color="red" role="alert" title={t('projects.details.peopleFailed')}>
                {errorMessage(clients.error ?? brokers.error)}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('projects.details.name')}
                required={!readOnly}
                disabled={readOnly}
                maxLength={PROJECT_LIMITS.name}
                autoComplete="off"
                {...form.getInputProps('name')}
              />
              <ProjectTypeSelect
                label={t('projects.details.type')}
                required={!readOnly}
                disabled={readOnly}
                {...form.getInputProps('type')}
              />
              {readOnly ? (
                <>
                  <TextInput
                    label={t('projects.details.owner')}
                    value={fullName(project.user)}
                    readOnly
                    disabled
                  />
                  <TextInput
                    label={t('projects.details.broker')}
                    value={project.broker ? fullName(project.broker) : t('projects.details.noBroker')}
                    readOnly
                    disabled
                  />
                </>
              ) : (
                <>
                  <Select
                    label={t('projects.details.owner')}
                    description={t('projects.details.ownerDescription')}
                    required
                    searchable
                    allowDeselect={false}
                    data={ownerOptions}
                    nothingFoundMessage={t('projects.nothingFound')}
                    {...form.getInputProps('user_id')}
                  />
                  <Select
                    label={t('projects.details.broker')}
                    description={t('projects.details.brokerDescription')}
                    placeholder={t('projects.details.noBroker')}
                    searchable
                    clearable
                    clearButtonProps={{ 'aria-label': t('projects.details.clearBroker') }}
                    data={brokerOptions}
                    nothingFoundMessage={t('projects.nothingFound')}
                    {...form.getInputProps('broker_id')}
                  />
                </>
              )}
            </SimpleGrid>
            <Textarea
              label={t('projects.details.description')}
              disabled={readOnly}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={PROJECT_LIMITS.description}
              {...form.getInputProps('description')}
            />
          </Stack>
        </Paper>

        <Paper withBorder p="lg">
          <Stack gap="md">
            <div>
              <Title order={2} size="h4">
                {t('projects.details.settingsSection')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('projects.details.settingsSectionDescription')}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {GROUP_COLUMNS.map((column, i) => (
                <Stack key={i} gap="md">
                  {column.map((group) => (
                    <Fieldset
                      key={group.id}
                      legend={t(`projects.settingGroups.${group.id}.title`)}
                      variant="filled"
                    >
                      <Text size="sm" c="dimmed" mb="md">
                        {t(`projects.settingGroups.${group.id}.description`)}
                      </Text>
                      <Stack gap="md">
                        {group.settings
                          .filter((name) => isSettingShown(name, informationOn))
                          .map((name) => (
                            <SettingField key={name} name={name} form={form} readOnly={settingsReadOnly} />
                          ))}
                        {group.id === 'information' && gaps.length > 0 && (
                          <Alert
                            // Advice on what was just switched on, not an error: said politely.
                            role="status"
                            color="yellow"
                            variant="light"
                            icon={<IconAlertTriangle aria-hidden />}
                            title={t('projects.details.informationGaps.title')}
                          >
                            {gaps.map((name) => (
                              <Text key={name} size="sm">
                                {t(`projects.details.informationGaps.${name}`)}
                              </Text>
                            ))}
                          </Alert>
                        )}
                      </Stack>
                    </Fieldset>
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Paper>

        {(editsCore || editsSettings) && (
          <Paper withBorder p="sm" className={classes.footer} data-dirty={pending > 0 || undefined}>
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text
                size="sm"
                c={pending > 0 ? undefined : 'dimmed'}
                role="status"
                aria-live="polite"
                className={classes.status}
              >
                {pending > 0
                  ? t('projects.details.unsaved', { count: pending })
                  : t('projects.details.noChanges')}
              </Text>
              <Group gap="sm" wrap="nowrap" className={classes.actions}>
                <Button
                  variant="default"
                  disabled={pending === 0 || saving}
                  onClick={() => {
                    setBase({ project, settings, versions });
                    form.setValues(toDetailsValues(project, settings));
                    form.clearErrors();
                  }}
                >
                  {t('projects.details.reset')}
                </Button>
                <Button type="submit" loading={saving} disabled={pending === 0}>
                  {t('projects.details.save')}
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
      </Stack>
    </form>
  );
}
