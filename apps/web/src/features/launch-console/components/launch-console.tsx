import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { statusLabel, type ProjectType, type ReleaseConsole, type ReleaseOffer } from '@planvy/shared';
import { useCan } from '../../../hooks/use-can';
import { errorMessage } from '../../../lib/error-message';
import { saveFile } from '../../../lib/save-file';
import { useAnswerOffer } from '../api/answer-offer';
import { useExportReleaseConsole } from '../api/export-release-console';
import { useReleaseConsole } from '../api/get-release-console';

export interface LaunchConsoleProps {
  releaseId: number;
  /** For the status names (sale, tomter or rental). */
  projectType: ProjectType;
  /** The plan with live statuses; the route composes it from the plans feature. */
  plan?: (console: ReleaseConsole) => ReactNode;
}

/** "1 h 05 min 09 s" left until `iso`, by the server's clock (`offsetMs` = server − browser). */
function countdown(iso: string, now: number): string {
  const s = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h} h ${pad(m)} min ${pad(s % 60)} s` : `${m} min ${pad(s % 60)} s`;
}

/** Ticks once a second, on the server's clock as the last answer gave it. */
function useServerNow(serverNow: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverNow) setOffset(Date.parse(serverNow) - Date.now());
  }, [serverNow]);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now + offset;
}

const STATE_COLOR: Record<ReleaseOffer['state'], string> = {
  pending: 'blue',
  accepted: 'green',
  declined: 'gray',
  expired: 'orange',
  withdrawn: 'gray',
};

/**
 * The launch console (ADR 042): counters, the plan, the offers with their countdowns and
 * Accept/Decline for a buyer on the phone (confirmed first), per home who is next in line, and
 * the CSV export. It reads the console every few seconds.
 */
export function LaunchConsole({ releaseId, projectType, plan }: LaunchConsoleProps) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const data = useReleaseConsole(releaseId);
  const answer = useAnswerOffer(releaseId);
  const exporter = useExportReleaseConsole();
  const now = useServerNow(data.data?.now);

  if (data.isPending) return <Skeleton height={320} />;
  if (data.isError) return <Text c="red">{errorMessage(data.error)}</Text>;
  const c = data.data;

  const confirm = (offer: ReleaseOffer, op: 'accept' | 'decline') =>
    modals.openConfirmModal({
      title: t(`launchConsole.${op}Title`, { bostad: offer.bostad }),
      children: (
        <Text size="sm">{t(`launchConsole.${op}Confirm`, { bostad: offer.bostad, name: offer.name })}</Text>
      ),
      labels: { confirm: t(`launchConsole.${op}`), cancel: t('launchConsole.cancel') },
      confirmProps: { color: op === 'decline' ? 'red' : undefined },
      onConfirm: () =>
        answer.mutate(
          { offerId: offer.id, answer: op },
          {
            onSuccess: (o) =>
              notifications.show({
                color: 'green',
                message: t(`launchConsole.${op}Done`, { bostad: o.bostad }),
              }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: t('launchConsole.failed', { message: errorMessage(error) }),
              }),
          },
        ),
    });

  const counters: [string, number][] = [
    [t('launchConsole.counters.wishes'), c.counters.wishes],
    [t('launchConsole.counters.pending'), c.counters.offers.pending],
    [t('launchConsole.counters.accepted'), c.counters.offers.accepted],
    [t('launchConsole.counters.declined'), c.counters.offers.declined],
    [t('launchConsole.counters.expired'), c.counters.offers.expired],
    [t('launchConsole.counters.holds'), c.counters.holds],
  ];
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'sv-SE', {
    dateStyle: 'short',
    timeStyle: 'short',
  });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {c.release.name}{' '}
          <Badge variant="light" size="lg">
            {t(`launchConsole.state.${c.release.state}`, { defaultValue: c.release.state })}
          </Badge>
        </Title>
        <Button
          variant="default"
          loading={exporter.isPending}
          onClick={() =>
            exporter.mutate(
              { releaseId, lang: i18n.language === 'en' ? 'en' : 'sv' },
              {
                onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? `release-${releaseId}.csv`),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    message: t('launchConsole.failed', { message: errorMessage(error) }),
                  }),
              },
            )
          }
        >
          {t('launchConsole.export')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} role="list" aria-label={t('launchConsole.counters.title')}>
        {counters.map(([label, n]) => (
          <Paper key={label} withBorder p="sm" role="listitem">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="xl">
              {n}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {plan?.(c)}
      <Title order={2} size="h3">
        {t('launchConsole.offers')}
      </Title>
      {c.offers.length === 0 ? (
        <Text c="dimmed">{t('launchConsole.noOffers')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-label={t('launchConsole.offers')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('launchConsole.home')}</Table.Th>
                <Table.Th>{t('launchConsole.person')}</Table.Th>
                <Table.Th>{t('launchConsole.place')}</Table.Th>
                <Table.Th>{t('launchConsole.stateTitle')}</Table.Th>
                <Table.Th>{t('launchConsole.deadline')}</Table.Th>
                <Table.Th>{t('launchConsole.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.offers.map((o) => (
                <Table.Tr key={o.id} data-offer-id={o.id}>
                  <Table.Td>
                    <Text fw={600}>{o.bostad}</Text>
                    <Text size="xs" c="dimmed">
                      {t('launchConsole.rank', { rank: o.rank })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{o.name}</Text>
                    <Text size="xs" c="dimmed">
                      {o.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{o.queue_place ?? '–'}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATE_COLOR[o.state]}>
                      {t(`launchConsole.offerState.${o.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{format.format(new Date(o.expires_at))}</Text>
                    {o.state === 'pending' && (
                      <Text size="xs" c="dimmed" aria-live="off">
                        {countdown(o.expires_at, now)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {o.state === 'pending' && can('release.offers.work') && (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" onClick={() => confirm(o, 'accept')}>
                          {t('launchConsole.accept')}
                        </Button>
                        <Button size="xs" variant="default" onClick={() => confirm(o, 'decline')}>
                          {t('launchConsole.decline')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={2} size="h3">
        {t('launchConsole.homes')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped aria-label={t('launchConsole.homes')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('launchConsole.home')}</Table.Th>
              <Table.Th>{t('launchConsole.status')}</Table.Th>
              <Table.Th>{t('launchConsole.next')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {c.apartments.map((a) => (
              <Table.Tr key={a.id} data-home-id={a.id}>
                <Table.Td>{a.bostad}</Table.Td>
                <Table.Td>
                  {statusLabel(a.status, projectType, i18n.language === 'en' ? 'en' : 'sv')}
                </Table.Td>
                <Table.Td>
                  {a.next
                    ? t('launchConsole.nextIs', { place: a.next.queue_place, entry: a.next.entry_id })
                    : t('launchConsole.nobody')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
