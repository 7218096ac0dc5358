import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '../../../components/ui/icons';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  isAllocatedMode,
  MAX_WISHES,
  RELEASE_LIMITS,
  RELEASE_MODES,
  releaseSettingsIssues,
  type Apartment,
  type Release,
  type ReleaseMode,
} from '@planvy/shared';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { localizeServerMessage } from '../../../lib/server-messages';
import { useSaveRelease } from '../api/change-release';

/** An ISO instant as a datetime-local input shows it (the browser's time zone), and back. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export const fromLocalInput = (value: string): string | null =>
  value ? new Date(value).toISOString() : null;

const TIMES = ['wishes_open_at', 'wishes_close_at', 'public_at', 'closes_at'] as const;
type TimeField = (typeof TIMES)[number];

interface TierDraft {
  key: string;
  label: string;
  opens_at: string;
}

export interface ReleaseFormProps {
  projectId: number;
  /** The project's apartments to choose from. */
  apartments: readonly Apartment[];
  /** The release to edit; none: a new one. */
  release?: Release;
  opened: boolean;
  onClose: () => void;
}

/** "Ny säljstart" / "Ändra säljstart": mode, tiers and times, limits, rules text and apartments (ADR 040). */
export function ReleaseForm({ projectId, apartments, release, opened, onClose }: ReleaseFormProps) {
  const { t } = useTranslation();
  const save = useSaveRelease(projectId);
  const [name, setName] = useState(release?.name ?? '');
  const [mode, setMode] = useState<ReleaseMode>(release?.mode ?? 'queue');
  const [maxWishes, setMaxWishes] = useState<number | string>(release?.max_wishes ?? MAX_WISHES.default);
  const [household, setHousehold] = useState(release?.one_per_household ?? true);
  const [offerHours, setOfferHours] = useState<number | string>(
    release?.offer_hours ?? RELEASE_LIMITS.offerHours.default,
  );
  const [checkout, setCheckout] = useState<number | string>(
    release?.checkout_minutes ?? RELEASE_LIMITS.checkoutMinutes.default,
  );
  const [showDemand, setShowDemand] = useState(release?.show_demand ?? false);
  const [times, setTimes] = useState<Record<TimeField, string>>(
    () =>
      Object.fromEntries(TIMES.map((f) => [f, toLocalInput(release?.[f] ?? null)])) as Record<
        TimeField,
        string
      >,
  );
  const [tiers, setTiers] = useState<TierDraft[]>(
    release?.tiers.map((tier) => ({ ...tier, opens_at: toLocalInput(tier.opens_at) })) ?? [],
  );
  const [rulesSv, setRulesSv] = useState(release?.rules_text.sv ?? '');
  const [rulesEn, setRulesEn] = useState(release?.rules_text.en ?? '');
  const [apartmentIds, setApartmentIds] = useState<string[]>(release?.apartment_ids.map(String) ?? []);
  const [checked, setChecked] = useState(false);

  const allocated = isAllocatedMode(mode);
  const locked = release !== undefined && !['draft', 'scheduled'].includes(release.state);
  const settings = {
    mode,
    tiers: tiers.map((tier) => ({ key: tier.key.trim(), opens_at: fromLocalInput(tier.opens_at) })),
    ...(Object.fromEntries(TIMES.map((f) => [f, fromLocalInput(times[f])])) as Record<
      TimeField,
      string | null
    >),
  };
  // The same checks as the server's, shown once the user has tried to save.
  const issues = checked ? releaseSettingsIssues(settings) : [];
  const serverErrors = isApiError(save.error) ? save.error.errors : {};
  const fieldError = (field: string) =>
    issues
      .filter((i) => i.field === field)
      .map((i) => localizeServerMessage(i.message.message, i.message))[0] ?? serverErrors[field]?.[0];

  const close = () => {
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (releaseSettingsIssues(settings).length > 0) return;
    const body = {
      name,
      mode,
      max_wishes: Number(maxWishes),
      one_per_household: household,
      offer_hours: Number(offerHours),
      checkout_minutes: Number(checkout),
      show_demand: showDemand,
      tiers: tiers.map((tier, i) => ({
        key: tier.key.trim(),
        label: tier.label.trim(),
        opens_at: settings.tiers[i]!.opens_at,
      })),
      ...Object.fromEntries(TIMES.map((f) => [f, settings[f]])),
      rules_text: { sv: rulesSv, en: rulesEn },
    };
    const ids = apartmentIds.map(Number);
    const onSuccess = (saved: Release) => {
      notifications.show({ color: 'green', message: t('releases.form.saved', { name: saved.name }) });
      onClose();
    };
    if (release) {
      // What the wish window has fixed is not sent again.
      const { mode: _m, max_wishes: _w, one_per_household: _h, tiers: _t, ...open } = body;
      save.mutate({ release, body: locked ? open : body, apartmentIds: ids }, { onSuccess });
    } else save.mutate({ body: { ...body, apartment_ids: ids } }, { onSuccess });
  };

  const setTier = (i: number, patch: Partial<TierDraft>) =>
    setTiers((list) => list.map((tier, j) => (j === i ? { ...tier, ...patch } : tier)));
  const timeInput = (field: TimeField) => (
    <TextInput
      key={field}
      type="datetime-local"
      label={t(`releases.fields.${field}`)}
      value={times[field]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setTimes((all) => ({ ...all, [field]: value }));
      }}
      error={fieldError(field)}
    />
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="xl"
      title={t(release ? 'releases.form.editTitle' : 'releases.form.newTitle')}
    >
      <form
        onSubmit={submit}
        noValidate
        aria-label={t(release ? 'releases.form.editTitle' : 'releases.form.newTitle')}
      >
        <Stack>
          {save.error && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <TextInput
            label={t('releases.fields.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
            maxLength={RELEASE_LIMITS.name}
            error={serverErrors['name']?.[0]}
          />
          <Select
            label={t('releases.fields.mode')}
            data={RELEASE_MODES.map((m) => ({ value: m, label: t(`releases.modes.${m}`) }))}
            value={mode}
            onChange={(value) => value && setMode(value)}
            allowDeselect={false}
            disabled={locked}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {allocated ? TIMES.map(timeInput) : (['public_at', 'closes_at'] as const).map(timeInput)}
          </SimpleGrid>
          <Fieldset legend={t('releases.fields.tiers')}>
            <Stack gap="xs">
              {tiers.map((tier, i) => (
                <Group key={i} align="flex-start" wrap="nowrap">
                  <TextInput
                    label={t('releases.fields.tierKey')}
                    description={i === 0 ? t('releases.fields.tierKeyHint') : undefined}
                    value={tier.key}
                    onChange={(e) => setTier(i, { key: e.currentTarget.value })}
                    error={fieldError(`tiers.${i}.key`)}
                    disabled={locked}
                    required
                  />
                  <TextInput
                    label={t('releases.fields.tierLabel')}
                    value={tier.label}
                    onChange={(e) => setTier(i, { label: e.currentTarget.value })}
                    disabled={locked}
                    required
                  />
                  <TextInput
                    type="datetime-local"
                    label={t('releases.fields.tierOpens')}
                    value={tier.opens_at}
                    onChange={(e) => setTier(i, { opens_at: e.currentTarget.value })}
                    error={fieldError(`tiers.${i}.opens_at`)}
                    disabled={locked}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t('releases.form.removeTier', { n: i + 1 })}
                    onClick={() => setTiers((list) => list.filter((_, j) => j !== i))}
                    disabled={locked}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              {tiers.length < RELEASE_LIMITS.tiers && !locked && (
                <Button
                  variant="light"
                  onClick={() => setTiers((list) => [...list, { key: '', label: '', opens_at: '' }])}
                >
                  {t('releases.form.addTier')}
                </Button>
              )}
            </Stack>
          </Fieldset>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {allocated ? (
              <NumberInput
                label={t('releases.fields.max_wishes')}
                min={MAX_WISHES.min}
                max={MAX_WISHES.max}
                value={maxWishes}
                onChange={setMaxWishes}
                disabled={locked}
              />
            ) : (
              <NumberInput
                label={t('releases.fields.checkout_minutes')}
                min={RELEASE_LIMITS.checkoutMinutes.min}
                max={RELEASE_LIMITS.checkoutMinutes.max}
                value={checkout}
                onChange={setCheckout}
              />
            )}
            {allocated && (
              <NumberInput
                label={t('releases.fields.offer_hours')}
                min={RELEASE_LIMITS.offerHours.min}
                max={RELEASE_LIMITS.offerHours.max}
                value={offerHours}
                onChange={setOfferHours}
              />
            )}
          </SimpleGrid>
          <Checkbox
            label={t('releases.fields.one_per_household')}
            checked={household}
            onChange={(e) => setHousehold(e.currentTarget.checked)}
            disabled={locked}
          />
          {allocated && (
            <Switch
              label={t('releases.fields.show_demand')}
              checked={showDemand}
              onChange={(e) => setShowDemand(e.currentTarget.checked)}
            />
          )}
          <MultiSelect
            label={t('releases.fields.apartments')}
            data={apartments.map((a) => ({ value: String(a.id), label: a.bostad || `#${a.id}` }))}
            value={apartmentIds}
            onChange={setApartmentIds}
            searchable
            error={serverErrors['apartment_ids']?.[0]}
          />
          <Textarea
            label={t('releases.fields.rulesSv')}
            value={rulesSv}
            onChange={(e) => setRulesSv(e.currentTarget.value)}
            rows={4}
            maxLength={RELEASE_LIMITS.rulesText}
          />
          <Textarea
            label={t('releases.fields.rulesEn')}
            value={rulesEn}
            onChange={(e) => setRulesEn(e.currentTarget.value)}
            rows={4}
            maxLength={RELEASE_LIMITS.rulesText}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('releases.actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('releases.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
