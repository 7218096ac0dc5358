import { Alert, Group, Skeleton, Stack, Text, Timeline, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusLabel, type ProjectType, type StatusChange } from '@planvy/shared';
import { errorMessage } from '../../../lib/error-message';
import { useApartmentHistory } from '../api/get-apartment-history';
import { formatAmount, type Lang } from '../apartment-table';
import { StatusBadge } from '../../../components/ui/status-badge';

interface StatusHistoryProps {
  projectId: number;
  apartmentId: number;
  type: ProjectType;
  lang: Lang;
  /** "kr" or "SEK", as the project shows money. */
  currency: string;
}

const dateFormats = new Map<Lang, Intl.DateTimeFormat>();
function formatDate(iso: string, lang: Lang): string {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === 'sv' ? 'sv-SE' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    dateFormats.set(lang, format);
  }
  return format.format(new Date(iso));
}

/** Who changed the status, when, and from what to what (newest first). */
export function StatusHistory({ projectId, apartmentId, type, lang, currency }: StatusHistoryProps) {
  const { t } = useTranslation();
  const history = useApartmentHistory(projectId, apartmentId);
  const name = (person: NonNullable<StatusChange['user']>) =>
    `${person.first_name} ${person.last_name}`.trim() || `#${person.id}`;
  const who = (change: Pick<StatusChange, 'user' | 'impersonator'>) => {
    if (!change.user) return t('apartments.history.unknownUser');
    // A change made by an admin signed in as the user names both ("Admin A as Client B").
    return change.impersonator
      ? t('access.history.actingAs', { admin: name(change.impersonator), user: name(change.user) })
      : name(change.user);
  };

  let body;
  if (history.isPending) {
    body = (
      <Stack gap="xs">
        <Skeleton height={14} width="60%" />
        <Skeleton height={14} width="45%" />
      </Stack>
    );
  } else if (history.isError) {
    body = (
      <Alert color="red" title={t('apartments.history.loadFailed')}>
        {errorMessage(history.error)}
      </Alert>
    );
  } else if (history.data.history.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('apartments.history.empty')}
      </Text>
    );
  } else {
    body = (
      <Timeline bulletSize={12} lineWidth={2} active={0}>
        {history.data.history.map((change) => (
          <Timeline.Item
            key={change.id}
            title={
              change.from_status ? (
                <>
                  <Group gap={6} wrap="wrap" aria-hidden>
                    <StatusBadge status={change.from_status} type={type} lang={lang} size="sm" />
                    <Text span size="sm">
                      →
                    </Text>
                    <StatusBadge status={change.to_status} type={type} lang={lang} size="sm" />
                  </Group>
                  <VisuallyHidden>
                    {t('apartments.history.changed', {
                      from: statusLabel(change.from_status, type, lang),
                      to: statusLabel(change.to_status, type, lang),
                    })}
                  </VisuallyHidden>
                </>
              ) : (
                <Group gap={6} wrap="wrap">
                  <Text span size="sm">
                    {t('apartments.history.created')}
                  </Text>
                  <StatusBadge status={change.to_status} type={type} lang={lang} size="sm" />
                </Group>
              )
            }
          >
            <Text size="xs" c="dimmed" mt={2}>
              <time dateTime={change.changed_at}>{formatDate(change.changed_at, lang)}</time>{' '}
              {t('apartments.history.by', { name: who(change) })}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    );
  }

  const prices = history.data?.prices ?? [];
  const money = (value: number | null) => formatAmount(value, lang, currency);
  /** "1 995 000 kr → 1 950 000 kr", or the first value alone. */
  const move = (from: number | null, to: number | null, first: boolean) =>
    first ? money(to) : `${money(from)} → ${money(to)}`;

  return (
    <>
      <Stack gap="xs" component="section" aria-label={t('apartments.history.title')}>
        <Title order={4} size="h5">
          {t('apartments.history.title')}
        </Title>
        {body}
      </Stack>
      {history.isSuccess && (
        <Stack gap="xs" component="section" aria-label={t('apartments.priceHistory.title')}>
          <Title order={4} size="h5">
            {t('apartments.priceHistory.title')}
          </Title>
          {prices.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('apartments.priceHistory.empty')}
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2} active={0} data-testid="price-history">
              {prices.map((change) => {
                const first = change.from_price === null && change.from_fee === null;
                const lines = [
                  change.from_price !== change.to_price || first
                    ? t('apartments.priceHistory.price', {
                        value: move(change.from_price, change.to_price, first),
                      })
                    : null,
                  change.from_fee !== change.to_fee || (first && change.to_fee !== null)
                    ? t('apartments.priceHistory.fee', { value: move(change.from_fee, change.to_fee, first) })
                    : null,
                ].filter((line): line is string => line !== null);
                return (
                  <Timeline.Item key={change.id} title={<Text size="sm">{lines.join(' · ')}</Text>}>
                    <Text size="xs" c="dimmed" mt={2}>
                      <time dateTime={change.changed_at}>{formatDate(change.changed_at, lang)}</time>{' '}
                      {t('apartments.history.by', { name: who(change) })}
                    </Text>
                  </Timeline.Item>
                );
              })}
            </Timeline>
          )}
        </Stack>
      )}
    </>
  );
}
