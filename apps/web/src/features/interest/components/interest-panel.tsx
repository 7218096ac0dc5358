import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  EmptyState,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch, IconUserPlus, IconUsers } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { INTEREST_STATUSES, type InterestEntry, type InterestStatus } from '@planvy/shared';
import { useCan } from '../../../hooks/use-can';
import { useUiLanguage } from '../../../hooks/use-ui-language';
import { errorMessage } from '../../../lib/error-message';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { useExportInterest } from '../api/export-interest';
import { useInterestList, type InterestFilters } from '../api/get-interest-list';
import { AddInterestModal } from './add-interest-modal';
import { EditInterestModal } from './edit-interest-modal';
import { useFormatTime } from './format-time';

/** What the panel needs of an apartment: its id and its name on the plan. */
export interface InterestApartment {
  id: number;
  bostad: string;
}

const STATUS_COLOR: Record<InterestStatus, string> = {
  pending: 'gray',
  confirmed: 'green',
  withdrawn: 'orange',
  lapsed: 'red',
};
const ROOM_CHOICES = ['1', '2', '3', '4', '5', '6'];
const COLUMNS = 6;

const isStatus = (value: string | null): value is InterestStatus =>
  value !== null && (INTEREST_STATUSES as readonly string[]).includes(value);

function Preferences({ entry, bostad }: { entry: InterestEntry; bostad: ReadonlyMap<number, string> }) {
  const { t } = useTranslation();
  const lang = useUiLanguage();
  const p = entry.preferences;
  const parts: string[] = [];
  if (p.rooms.length > 0) parts.push(t('interest.prefs.rooms', { rooms: p.rooms.join(', ') }));
  if (p.max_price !== null) {
    parts.push(
      t('interest.prefs.maxPrice', { price: p.max_price.toLocaleString(lang === 'sv' ? 'sv-SE' : 'en-GB') }),
    );
  }
  const named = p.apartment_ids.map((id, i) => `${i + 1}. ${bostad.get(id) ?? t('interest.prefs.gone')}`);
  return (
    <Stack gap={2}>
      {parts.length > 0 && <Text size="sm">{parts.join(' · ')}</Text>}
      {named.length > 0 && (
        <Text size="sm" c="dimmed">
          {named.join(', ')}
        </Text>
      )}
      {parts.length === 0 && named.length === 0 && (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
    </Stack>
  );
}

/**
 * A project's interest list (ADR 036): first in the queue first, with filters, people who may
 * be the same person flagged, tiers and notes, a CSV export and adding a person met at a
 * viewing. The server writes every read of it to the audit log.
 */
export function InterestPanel({
  projectId,
  apartments,
  collecting,
  onOpenSettings,
}: {
  projectId: number;
  apartments: InterestApartment[];
  /** The project's setting interest_enabled: whether the widget offers "Anmäl intresse". */
  collecting: boolean;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation();
  const lang = useUiLanguage();
  const can = useCan();
  const formatTime = useFormatTime();
  const [status, setStatus] = useState<InterestStatus | null>(null);
  const [tier, setTier] = useState<string | null>(null);
  const [rooms, setRooms] = useState<string | null>(null);
  const [apartment, setApartment] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<InterestEntry | null>(null);

  const filters: InterestFilters = {
    status: status ?? undefined,
    tier: tier ?? undefined,
    rooms: rooms ? Number(rooms) : undefined,
    apartment_id: apartment ? Number(apartment) : undefined,
    q: q || undefined,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const list = useInterestList(projectId, filters);
  const exportList = useExportInterest();

  const bostad = useMemo(() => new Map(apartments.map((a) => [a.id, a.bostad])), [apartments]);
  const entries = useMemo(() => list.data ?? [], [list.data]);
  // Tiers offered in the filter and the edit form: those in the list, and the one filtered by.
  const tiers = useMemo(() => {
    const all = new Set([...(tier ? [tier] : []), ...entries.flatMap((e) => (e.tier ? [e.tier] : []))]);
    return [...all].sort((a, b) => a.localeCompare(b, lang));
  }, [tier, entries, lang]);

  const onExport = () =>
    exportList.mutate(
      { projectId, filters, lang },
      {
        onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? `interest-${projectId}.csv`),
        onError: (error) => toast.error(`${t('interest.export.failed')}: ${errorMessage(error)}`),
      },
    );

  let body;
  if (list.isPending) {
    body = Array.from({ length: 3 }, (_, i) => (
      <Table.Tr key={i}>
        <Table.Td colSpan={COLUMNS}>
          <Skeleton height={20} />
        </Table.Td>
      </Table.Tr>
    ));
  } else if (entries.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS}>
          <EmptyState py="lg" icon={<IconUsers aria-hidden />}>
            <EmptyState.Title order={3}>
              {filtered ? t('interest.emptyFiltered') : t('interest.empty')}
            </EmptyState.Title>
            {!filtered && <EmptyState.Description>{t('interest.emptyDescription')}</EmptyState.Description>}
          </EmptyState>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = entries.map((e) => (
      <Table.Tr key={e.id} data-testid={`interest-row-${e.id}`}>
        <Table.Td>
          <Stack gap={2}>
            <Text fw={500}>{e.name}</Text>
            <Group gap={4}>
              {e.source === 'viewing' && (
                <Badge size="xs" variant="light" color="blue">
                  {t('interest.source.viewing')}
                </Badge>
              )}
              {e.duplicate_email && (
                <Badge size="xs" variant="light" color="yellow">
                  {t('interest.duplicate.email')}
                </Badge>
              )}
              {e.duplicate_phone && (
                <Badge size="xs" variant="light" color="yellow">
                  {t('interest.duplicate.phone')}
                </Badge>
              )}
              {e.newsletter && (
                <Badge size="xs" variant="outline" color="gray">
                  {t('interest.newsletter')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Table.Td>
        <Table.Td>
          <Stack gap={2}>
            <Anchor href={`mailto:${e.email}`} size="sm">
              {e.email}
            </Anchor>
            {e.phone && (
              <Anchor href={`tel:${e.phone.replace(/[^\d+]/g, '')}`} size="sm" c="dimmed">
                {e.phone}
              </Anchor>
            )}
          </Stack>
        </Table.Td>
        <Table.Td>
          <Stack gap={2}>
            <Badge color={STATUS_COLOR[e.status]} variant="light">
              {t(`interest.status.${e.status}`)}
            </Badge>
            <Text size="xs" c="dimmed">
              {e.confirmed_at
                ? t('interest.queuedSince', { time: formatTime(e.confirmed_at) })
                : t('interest.submitted', { time: formatTime(e.submitted_at) })}
            </Text>
          </Stack>
        </Table.Td>
        <Table.Td>
          <Preferences entry={e} bostad={bostad} />
        </Table.Td>
        <Table.Td>
          <Stack gap={2}>
            {e.tier && <Badge variant="dot">{e.tier}</Badge>}
            {e.notes && (
              <Text size="xs" c="dimmed" lineClamp={2} title={e.notes}>
                {e.notes}
              </Text>
            )}
          </Stack>
        </Table.Td>
        <Table.Td>
          {can('interest.update') && (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => setEditing(e)}
              aria-label={t('interest.edit.labelFor', { name: e.name })}
            >
              {t('interest.edit.button')}
            </Button>
          )}
        </Table.Td>
      </Table.Tr>
    ));
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {t('interest.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('interest.intro')}
          </Text>
        </Stack>
        <Group gap="sm">
          {can('interest.export') && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={onExport}
              loading={exportList.isPending}
              disabled={!list.isSuccess || entries.length === 0}
            >
              {t('interest.export.button')}
            </Button>
          )}
          {can('interest.add') && (
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              {t('interest.add.button')}
            </Button>
          )}
        </Group>
      </Group>

      {!collecting && (
        <Alert color="yellow" title={t('interest.off.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('interest.off.description')}</Text>
            <Button size="xs" variant="default" onClick={onOpenSettings}>
              {t('interest.off.button')}
            </Button>
          </Stack>
        </Alert>
      )}

      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('interest.filters.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={220}
        />
        <Select
          label={t('interest.filters.status')}
          placeholder={t('interest.filters.all')}
          clearable
          value={status}
          onChange={(v) => setStatus(isStatus(v) ? v : null)}
          data={INTEREST_STATUSES.map((s) => ({ value: s, label: t(`interest.status.${s}`) }))}
          w={200}
        />
        <Select
          label={t('interest.filters.rooms')}
          placeholder={t('interest.filters.all')}
          clearable
          value={rooms}
          onChange={setRooms}
          data={ROOM_CHOICES.map((r) => ({ value: r, label: t('interest.filters.roomsN', { rooms: r }) }))}
          w={130}
        />
        <Select
          label={t('interest.filters.apartment')}
          placeholder={t('interest.filters.all')}
          clearable
          searchable
          value={apartment}
          onChange={setApartment}
          data={apartments.map((a) => ({ value: String(a.id), label: a.bostad }))}
          w={170}
        />
        {tiers.length > 0 && (
          <Select
            label={t('interest.filters.tier')}
            placeholder={t('interest.filters.all')}
            clearable
            value={tier}
            onChange={setTier}
            data={tiers}
            w={170}
          />
        )}
      </Group>

      {list.isError && (
        <Alert color="red" title={t('interest.loadFailed')} role="alert">
          {errorMessage(list.error)}
        </Alert>
      )}

      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" aria-label={t('interest.title')} aria-busy={list.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('interest.table.name')}</Table.Th>
              <Table.Th>{t('interest.table.contact')}</Table.Th>
              <Table.Th>{t('interest.table.status')}</Table.Th>
              <Table.Th>{t('interest.table.preferences')}</Table.Th>
              <Table.Th>{t('interest.table.tier')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('interest.table.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.isSuccess && entries.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('interest.count', { count: entries.length })}
        </Text>
      )}

      <AddInterestModal
        projectId={projectId}
        apartments={apartments}
        opened={adding}
        onClose={() => setAdding(false)}
      />
      <EditInterestModal
        projectId={projectId}
        entry={editing}
        tiers={tiers}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
