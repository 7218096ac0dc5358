import { useEditableApartmentField } from '../../../hooks/use-can';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm, type FormErrors } from '@mantine/form';
import { IconDots } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import {
  APARTMENT_LIMITS,
  isFieldShown,
  type Apartment,
  type ApartmentFields,
  type Project,
  type ProjectSettings,
} from '@planvy/shared';
import { ConflictAlert } from '../../../components/ui/conflict-alert';
import { isApiError, isConflict } from '../../../lib/api-client';
import { errorWithDetail } from '../../../lib/error-message';
import { toast, TOAST_MS } from '../../../lib/toast';
import { useBuildingNumbers } from '../api/get-building-numbers';
import { useCreateApartment } from '../api/create-apartment';
import { useReloadApartment } from '../api/get-apartment';
import { useUpdateApartment } from '../api/update-apartment';
import {
  createPayload,
  formFieldOf,
  initialFormValues,
  updatePayload,
  type ApartmentFormValues,
  type ApartmentPayload,
} from '../apartment-payload';
import { currencySuffix } from '../apartment-table';
import { apartmentFormErrors, type ApartmentMessage } from '../apartment-validation';
import { fieldLabel } from '../field-labels';
import { useUiLanguage } from '../../../hooks/use-ui-language';
import { InfoFilesField } from './info-files-field';
import { StatusHistory } from './status-history';
import { StatusSelect } from './status-select';

export interface ApartmentFormProps {
  project: Project;
  settings: ProjectSettings;
  /** The apartment to edit; absent to create a new one. */
  apartment?: Apartment;
  /** Initial values for a new apartment (e.g. file_name of the plan it is drawn on). */
  defaults?: Partial<ApartmentFields>;
  onSaved: (apartment: Apartment) => void;
  onCancel: () => void;
  /**
   * Extra actions shown in the form's menu (the plan editor adds "Detach from zone"):
   * pass `<Menu.Item>` elements.
   */
  extraActions?: React.ReactNode;
  /** A visible action at the footer's start, such as "Reservera" (the route supplies it). */
  footerStart?: React.ReactNode;
  /** Show the status history of an existing apartment (default true). */
  withHistory?: boolean;
}

const NO_DEFAULTS: Partial<ApartmentFields> = {};

/**
 * Creates or edits one apartment (spec §2 apartment form), in the table's dialog and in the plan
 * editor's popup. Validated with the API's schema; an update sends only the fields that change.
 */
export function ApartmentForm({
  project,
  settings,
  apartment,
  defaults = NO_DEFAULTS,
  onSaved,
  onCancel,
  extraActions,
  footerStart,
  withHistory = true,
}: ApartmentFormProps) {
  const { t } = useTranslation();
  const lang = useUiLanguage();
  // Which fields the signed-in user may change: the policy table's field rules, as the API checks them.
  const editable = useEditableApartmentField();
  const editsBuilding = editable('building_number_id');
  const type = project.type;
  const createApartment = useCreateApartment();
  const updateApartment = useUpdateApartment();
  const buildings = useBuildingNumbers(project.id);
  const saving = createApartment.isPending || updateApartment.isPending;

  const translate = (message: ApartmentMessage) =>
    message.key === 'notANumber' ||
    message.key === 'negative' ||
    message.key === 'tooLarge' ||
    message.key === 'linkUrl' ||
    message.key === 'webUrl'
      ? t(`apartments.validation.${message.key}`)
      : t(`validation.${message.key}`, message.values ?? {});

  const form = useForm<ApartmentFormValues>({
    initialValues: initialFormValues(apartment, defaults, type, lang),
    validate: (values) => apartmentFormErrors(values, translate),
  });

  // The apartment as the form's values were loaded from it: the base of the changes it sends
  // and the version it saves over. A fresher copy (another tab's save, a refetch) is taken only
  // while the form holds no edits; edits in progress keep their base, so a save over someone
  // else's is refused (409) instead of silently undoing theirs.
  const [base, setBase] = useState(apartment);
  const [conflict, setConflict] = useState(false);
  const reloadApartment = useReloadApartment();
  useEffect(() => {
    if (!apartment || !base || apartment.id !== base.id || apartment.version <= base.version) return;
    let pending: ApartmentPayload | undefined;
    try {
      pending = updatePayload(form.getValues(), base, editable);
    } catch {
      return; // values the schema refuses are edits too
    }
    if (Object.keys(pending).length === 0) {
      setBase(apartment);
      form.setValues(initialFormValues(apartment, defaults, type, lang));
    }
  }, [apartment, base, form, editable, defaults, type, lang]);

  const reload = async () => {
    if (!base) return;
    const fresh = await reloadApartment(base.id);
    setBase(fresh);
    form.setValues(initialFormValues(fresh, defaults, type, lang));
    form.clearErrors();
    setConflict(false);
  };

  const onError = (error: unknown) => {
    if (isConflict(error)) {
      setConflict(true);
      return;
    }
    if (isApiError(error)) {
      const fieldErrors: FormErrors = {};
      for (const [field, messages] of Object.entries(error.errors)) {
        const key = formFieldOf(field);
        if (key && messages[0] && !(key in fieldErrors)) fieldErrors[key] = messages[0];
      }
      form.setErrors(fieldErrors);
    }
    toast.error(errorWithDetail(error));
  };

  const submit = form.onSubmit((values) => {
    if (base) {
      const data = updatePayload(values, base, editable);
      if (Object.keys(data).length === 0) {
        toast.success(t('apartments.form.noChanges'), { autoClose: TOAST_MS.normal });
        onSaved(base);
        return;
      }
      updateApartment.mutate(
        { id: base.id, data, version: base.version },
        {
          onSuccess: (saved) => {
            setBase(saved);
            toast.success(t('apartments.form.updated'), { autoClose: TOAST_MS.normal });
            onSaved(saved);
          },
          onError,
        },
      );
    } else {
      createApartment.mutate(
        { projectId: project.id, data: createPayload(values, defaults, editable) },
        {
          onSuccess: (saved) => {
            toast.success(t('apartments.form.created'), { autoClose: TOAST_MS.normal });
            onSaved(saved);
          },
          onError,
        },
      );
    }
  });

  const currency = currencySuffix(settings.currency);
  const label = (field: string) => fieldLabel(t, field, type);
  const unit = (text: string) => ({
    rightSection: <span aria-hidden>{text}</span>,
    rightSectionWidth: 48,
    rightSectionPointerEvents: 'none' as const,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
  });
  const buildingOptions = (buildings.data ?? []).map((b) => ({ value: String(b.id), label: b.label }));
  const currentBuilding = form.values.building_number_id;
  // A building the list does not hold (yet) still shows, once the list has loaded.
  if (buildings.isSuccess && currentBuilding && !buildingOptions.some((o) => o.value === currentBuilding)) {
    buildingOptions.push({ value: currentBuilding, label: `#${currentBuilding}` });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {conflict && base && (
          <ConflictAlert message={t('conflicts.apartment', { bostad: base.bostad })} onReload={reload} />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <StatusSelect
            type={type}
            lang={lang}
            current={base?.status}
            label={label('status')}
            required
            allowDeselect={false}
            {...form.getInputProps('status')}
          />
          <Select
            label={label('building_number_id')}
            placeholder={
              editsBuilding ? t('apartments.form.buildingPlaceholder') : t('apartments.form.noBuilding')
            }
            data={buildingOptions}
            clearable
            disabled={!editsBuilding}
            description={editsBuilding ? undefined : t('apartments.form.buildingAdminOnly')}
            value={currentBuilding || null}
            onChange={(value) => form.setFieldValue('building_number_id', value ?? '')}
            error={form.errors.building_number_id}
            nothingFoundMessage={t('apartments.form.noBuilding')}
          />
          <TextInput
            label={label('bostad')}
            required
            maxLength={APARTMENT_LIMITS.text}
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('bostad')}
          />
          <TextInput
            label={label('square')}
            {...unit(t('apartments.form.squareUnit'))}
            {...form.getInputProps('square')}
          />
          <TextInput
            label={label('rooms')}
            maxLength={APARTMENT_LIMITS.text}
            autoComplete="off"
            {...form.getInputProps('rooms')}
          />
          {isFieldShown('floor', type, settings) && (
            <TextInput
              label={label('floor')}
              maxLength={APARTMENT_LIMITS.text}
              autoComplete="off"
              {...form.getInputProps('floor')}
            />
          )}
          <TextInput label={label('price')} {...unit(currency)} {...form.getInputProps('price')} />
          {isFieldShown('fee', type, settings) && (
            <TextInput label={label('fee')} {...unit(currency)} {...form.getInputProps('fee')} />
          )}
          {isFieldShown('garden_size', type, settings) && (
            <TextInput
              label={label('garden_size')}
              {...unit(t('apartments.form.squareUnit'))}
              {...form.getInputProps('garden_size')}
            />
          )}
        </SimpleGrid>
        <Checkbox
          label={label('inactive')}
          description={t('apartments.form.inactiveHint')}
          {...form.getInputProps('inactive', { type: 'checkbox' })}
        />
        <TextInput
          label={label('link')}
          placeholder={t('apartments.form.linkPlaceholder')}
          type="url"
          maxLength={APARTMENT_LIMITS.link}
          autoComplete="off"
          {...form.getInputProps('link')}
        />
        <Textarea
          label={label('description')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={APARTMENT_LIMITS.description}
          {...form.getInputProps('description')}
        />
        <InfoFilesField
          value={form.values.info}
          onChange={(info) => form.setFieldValue('info', info)}
          error={form.errors.info}
        />

        {base && withHistory && (
          <>
            <Divider />
            <StatusHistory
              projectId={project.id}
              apartmentId={base.id}
              type={type}
              lang={lang}
              currency={currency}
            />
          </>
        )}

        <Group justify="space-between" mt="xs">
          {extraActions ? (
            <Menu position="top-start" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={t('apartments.form.more')}>
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>{extraActions}</Menu.Dropdown>
            </Menu>
          ) : (
            (footerStart ?? <span />)
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              {t('apartments.form.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('apartments.form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
