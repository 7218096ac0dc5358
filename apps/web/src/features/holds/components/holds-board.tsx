import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Apartment, Hold } from '@planvy/shared';
import { useCan } from '../../../hooks/use-can';
import { errorMessage } from '../../../lib/error-message';
import { useChangeHold } from '../api/change-hold';
import { useHolds } from '../api/get-holds';
import { HoldForm, type HoldPerson } from './hold-form';

export interface HoldsBoardProps {
  projectId: number;
  apartments: readonly Apartment[];
  defaultDays: number;
  /** Runs when a hold changed an apartment's status (the route refreshes the apartments). */
  onChanged?: () => void;
  /** People of the interest list the form offers. */
  people?: readonly HoldPerson[];
}

/** "6 d 23 h", "5 h 10 min", "12 min" until `iso`. */
export function timeLeft(t: TFunction, iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((Date.parse(iso) - now) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return t('holds.board.leftDays', { days, hours });
  if (hours > 0) return t('holds.board.leftHours', { hours, minutes: minutes % 60 });
  return t('holds.board.leftMinutes', { minutes });
}

/** The project's holds, soonest expiry first, with extend, release and convert (ADR 035). */
export function HoldsBoard({ projectId, apartments, defaultDays, onChanged, people }: HoldsBoardProps) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const holds = useHolds(projectId);
  const change = useChangeHold(projectId, onChanged);
  const [placing, setPlacing] = useState(false);
  const [extending, setExtending] = useState<Hold | null>(null);
  const [days, setDays] = useState<number | string>(1);
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'sv-SE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const onError = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: t('holds.actions.failed', { message: errorMessage(error) }),
    });
  const done = (
    key: 'holds.actions.releaseDone' | 'holds.actions.convertDone' | 'holds.actions.extendDone',
    hold: Hold,
  ) => notifications.show({ color: 'green', message: t(key, { bostad: hold.bostad }) });
  const confirm = (hold: Hold, action: 'release' | 'convert') =>
    modals.openConfirmModal({
      title: t(`holds.actions.${action}Title`, { bostad: hold.bostad }),
      children: (
        <Text size="sm">{t(`holds.actions.${action}Confirm`, { bostad: hold.bostad, name: hold.name })}</Text>
      ),
      labels: { confirm: t(`holds.actions.${action}`), cancel: t('holds.actions.cancel') },
      confirmProps: { color: action === 'release' ? 'red' : undefined },
      onConfirm: () =>
        change.mutate(
          { id: hold.id, action },
          { onSuccess: (h) => done(`holds.actions.${action}Done`, h), onError },
        ),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('holds.board.title')}
        </Title>
        {can('holds.place') && <Button onClick={() => setPlacing(true)}>{t('holds.form.open')}</Button>}
      </Group>
      {holds.isPending ? (
        <Skeleton height={120} />
      ) : holds.isError ? (
        <Text c="red">{errorMessage(holds.error)}</Text>
      ) : holds.data.length === 0 ? (
        <Paper withBorder p="lg">
          <Text c="dimmed">{t('holds.board.empty')}</Text>
        </Paper>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('holds.board.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('holds.board.apartment')}</Table.Th>
                <Table.Th>{t('holds.board.person')}</Table.Th>
                <Table.Th>{t('holds.board.until')}</Table.Th>
                <Table.Th>{t('holds.board.extensions')}</Table.Th>
                <Table.Th>{t('holds.board.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {holds.data.map((hold) => (
                <Table.Tr key={hold.id} data-hold-id={hold.id}>
                  <Table.Td>
                    <Text fw={600}>{hold.bostad}</Text>
                    <Badge variant="light" color={hold.kind === 'booking' ? 'red' : 'violet'}>
                      {t(`holds.kind.${hold.kind}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{hold.name}</Text>
                    <Text size="xs" c="dimmed">
                      {[hold.email, hold.phone].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{format.format(new Date(hold.expires_at))}</Text>
                    <Text size="xs" c="dimmed">
                      {timeLeft(t, hold.expires_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{hold.extensions}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {can('holds.extend') && (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => {
                            setDays(1);
                            setExtending(hold);
                          }}
                        >
                          {t('holds.actions.extend')}
                        </Button>
                      )}
                      <Button size="xs" variant="default" onClick={() => confirm(hold, 'release')}>
                        {t('holds.actions.release')}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => confirm(hold, 'convert')}>
                        {t('holds.actions.convert')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <HoldForm
        projectId={projectId}
        apartments={apartments}
        defaultDays={defaultDays}
        opened={placing}
        onClose={() => setPlacing(false)}
        onChanged={onChanged}
        people={people}
      />
      <Modal
        opened={extending !== null}
        onClose={() => setExtending(null)}
        title={t('holds.actions.extendTitle', { bostad: extending?.bostad ?? '' })}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!extending) return;
            change.mutate(
              { id: extending.id, action: 'extend', days: Number(days) },
              {
                onSuccess: (h) => {
                  done('holds.actions.extendDone', h);
                  setExtending(null);
                },
                onError,
              },
            );
          }}
        >
          <Stack>
            <NumberInput
              label={t('holds.actions.extendDays')}
              description={
                extending
                  ? t('holds.actions.extendUntil', { at: format.format(new Date(extending.max_expires_at)) })
                  : undefined
              }
              min={1}
              value={days}
              onChange={setDays}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setExtending(null)}>
                {t('holds.actions.cancel')}
              </Button>
              <Button type="submit" loading={change.isPending}>
                {t('holds.actions.extend')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
