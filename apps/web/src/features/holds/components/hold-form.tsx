import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  HOLD_MAX_DAYS,
  isAvailableStatus,
  type Apartment,
  type PlaceableHoldKind,
  type Language,
} from '@planvy/shared';
import { errorMessage } from '../../../lib/error-message';
import { usePlaceHold } from '../api/place-hold';

export interface HoldFormProps {
  projectId: number;
  /** The project's apartments; only those that can be had are offered. */
  apartments: readonly Apartment[];
  /** The project's reservation_days. */
  defaultDays: number;
  opened: boolean;
  onClose: () => void;
  /** The apartment to reserve, when the form was opened from it. */
  apartmentId?: number;
  onChanged?: () => void;
  /** People of the project's interest list to choose from (the route reads them), first in the queue first. */
  people?: readonly HoldPerson[];
}

/** A person of the interest list the hold can be for. */
export interface HoldPerson {
  id: number;
  name: string;
  email: string;
  phone: string | null;
}

/** "Reservera": an apartment, the person, the kind and how many days. */
export function HoldForm({
  projectId,
  apartments,
  defaultDays,
  opened,
  onClose,
  apartmentId,
  onChanged,
  people = [],
}: HoldFormProps) {
  const { t, i18n } = useTranslation();
  const place = usePlaceHold(projectId, onChanged);
  const [apartment, setApartment] = useState<string | null>(apartmentId ? String(apartmentId) : null);
  const [kind, setKind] = useState<PlaceableHoldKind>('reservation');
  const [days, setDays] = useState<number | string>(defaultDays);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [language, setLanguage] = useState<Language>(i18n.language === 'en' ? 'en' : 'sv');
  const [personId, setPersonId] = useState<string | null>(null);
  const choosePerson = (value: string | null) => {
    setPersonId(value);
    const person = people.find((p) => String(p.id) === value);
    if (!person) return;
    setName(person.name);
    setEmail(person.email);
    setPhone(person.phone ?? '');
  };
  const options = apartments
    .filter((a) => isAvailableStatus(a.status) || a.id === apartmentId)
    .map((a) => ({ value: String(a.id), label: a.bostad || `#${a.id}` }));

  const close = () => {
    place.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!apartment) return;
    place.mutate(
      {
        apartment_id: Number(apartment),
        kind,
        name,
        email,
        phone,
        language,
        days: typeof days === 'number' ? days : Number(days),
        ...(personId ? { interest_id: Number(personId) } : {}),
      },
      {
        onSuccess: (hold) => {
          notifications.show({ color: 'green', message: t('holds.form.placed', { bostad: hold.bostad }) });
          setName('');
          setEmail('');
          setPhone('');
          setPersonId(null);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('holds.form.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {place.error && (
            <Alert color="red" role="alert">
              {errorMessage(place.error)}
            </Alert>
          )}
          <Select
            label={t('holds.form.apartment')}
            data={options}
            value={apartment}
            onChange={setApartment}
            searchable
            required
            nothingFoundMessage={t('holds.form.noApartments')}
          />
          <SegmentedControl
            aria-label={t('holds.form.kind')}
            value={kind}
            onChange={(value) => {
              setKind(value);
              setDays(value === 'booking' ? 30 : defaultDays);
            }}
            data={[
              { value: 'reservation', label: t('holds.kind.reservation') },
              { value: 'booking', label: t('holds.kind.booking') },
            ]}
          />
          <NumberInput
            label={t(kind === 'booking' ? 'holds.form.daysBooking' : 'holds.form.days')}
            description={t('holds.form.daysHint', { n: HOLD_MAX_DAYS[kind] })}
            min={1}
            max={HOLD_MAX_DAYS[kind]}
            value={days}
            onChange={setDays}
            required
          />
          {people.length > 0 && (
            <Select
              label={t('holds.form.person')}
              description={t('holds.form.personHint')}
              data={people.map((p) => ({ value: String(p.id), label: `${p.name} · ${p.email}` }))}
              value={personId}
              onChange={choosePerson}
              searchable
              clearable
            />
          )}
          <TextInput
            label={t('holds.form.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <TextInput
            label={t('holds.form.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
          />
          <TextInput
            label={t('holds.form.phone')}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
          />
          <Select
            label={t('holds.form.language')}
            value={language}
            onChange={(value) => setLanguage(value === 'en' ? 'en' : 'sv')}
            data={[
              { value: 'sv', label: 'Svenska' },
              { value: 'en', label: 'English' },
            ]}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('holds.actions.cancel')}
            </Button>
            <Button type="submit" loading={place.isPending} disabled={!apartment}>
              {t('holds.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
