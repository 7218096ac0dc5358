import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@planvy/shared';
import { useUiLanguage } from '../../../hooks/use-ui-language';
import { isApiError } from '../../../lib/api-client';
import { errorWithDetail } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useAddInterest } from '../api/add-interest';
import type { InterestApartment } from './interest-panel';

const ROOM_CHOICES = ['1', '2', '3', '4', '5', '6'];

function AddForm({
  projectId,
  apartments,
  onClose,
}: {
  projectId: number;
  apartments: InterestApartment[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const uiLang = useUiLanguage();
  const add = useAddInterest(projectId);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [lang, setLang] = useState<Language>(uiLang);
  const [rooms, setRooms] = useState<string[]>([]);
  const [maxPrice, setMaxPrice] = useState<number | string>('');
  const [apartmentIds, setApartmentIds] = useState<string[]>([]);
  const [newsletter, setNewsletter] = useState(false);
  const errors: Record<string, string[] | undefined> = isApiError(add.error) ? add.error.errors : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      {
        name,
        email,
        ...(phone.trim() ? { phone } : {}),
        lang,
        newsletter,
        rooms: rooms.map(Number).sort((a, b) => a - b),
        max_price: typeof maxPrice === 'number' ? maxPrice : null,
        apartment_ids: apartmentIds.map(Number),
      },
      {
        onSuccess: () => {
          toast.success(t('interest.add.sent', { email }));
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('interest.add.intro')}
        </Text>
        <TextInput
          label={t('interest.add.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          autoComplete="off"
          error={errors.name?.[0]}
          data-autofocus
        />
        <TextInput
          label={t('interest.add.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          required
          autoComplete="off"
          error={errors.email?.[0]}
        />
        <TextInput
          label={t('interest.add.phone')}
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          autoComplete="off"
          error={errors.phone?.[0]}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="interest-add-lang">
            {t('interest.add.lang')}
          </Text>
          <SegmentedControl
            aria-labelledby="interest-add-lang"
            value={lang}
            onChange={(v) => isLanguage(v) && setLang(v)}
            data={[
              { value: 'sv', label: 'Svenska' },
              { value: 'en', label: 'English' },
            ]}
            w="fit-content"
          />
        </Stack>
        <Group grow align="flex-start">
          <MultiSelect
            label={t('interest.add.rooms')}
            value={rooms}
            onChange={setRooms}
            data={ROOM_CHOICES.map((r) => ({ value: r, label: t('interest.filters.roomsN', { rooms: r }) }))}
          />
          <NumberInput
            label={t('interest.add.maxPrice')}
            value={maxPrice}
            onChange={setMaxPrice}
            min={0}
            step={100_000}
            thousandSeparator=" "
            allowDecimal={false}
            error={errors.max_price?.[0]}
          />
        </Group>
        <MultiSelect
          label={t('interest.add.apartments')}
          description={t('interest.add.apartmentsHint')}
          value={apartmentIds}
          onChange={setApartmentIds}
          data={apartments.map((a) => ({ value: String(a.id), label: a.bostad }))}
          searchable
          maxValues={10}
          error={errors.apartment_ids?.[0]}
        />
        <Checkbox
          checked={newsletter}
          onChange={(e) => setNewsletter(e.currentTarget.checked)}
          label={t('interest.add.newsletter')}
        />
        {add.isError && Object.keys(errors).length === 0 && (
          <Alert color="red" role="alert">
            {errorWithDetail(add.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('interest.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('interest.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adding a person met at a viewing: a pending entry; the person confirms by e-mail (ADR 036). */
export function AddInterestModal({
  projectId,
  apartments,
  opened,
  onClose,
}: {
  projectId: number;
  apartments: InterestApartment[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('interest.add.title')} size="lg">
      {opened && <AddForm projectId={projectId} apartments={apartments} onClose={onClose} />}
    </Modal>
  );
}
