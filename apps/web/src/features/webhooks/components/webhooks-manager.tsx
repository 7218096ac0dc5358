import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '@planvy/shared';
import { errorMessage, errorWithDetail } from '../../../lib/error-message';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useWebhooks } from '../api/get-webhooks';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useUpdateWebhook } from '../api/update-webhook';

function useFormatTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return (iso: string) => format.format(new Date(iso));
}

/** A secret shown once, after adding an endpoint or rotating its secret. */
function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secret.title')} size="lg">
      <Stack>
        <Text size="sm">{t('webhooks.secret.note')}</Text>
        <Code block data-testid="webhook-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? t('webhooks.secret.copied') : t('webhooks.secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('webhooks.secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function AddEndpointForm({ projectId, onSecret }: { projectId: number; onSecret: (secret: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhook(projectId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['apartment.status_changed']);
  const [personal, setPersonal] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url, events, personal_data: personal },
      {
        onSuccess: ({ secret }) => {
          setUrl('');
          onSecret(secret);
        },
      },
    );
  };
  return (
    <Paper withBorder p="md" component="form" onSubmit={submit}>
      <Stack gap="sm">
        <Title order={4}>{t('webhooks.add.title')}</Title>
        <TextInput
          label={t('webhooks.add.url')}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          required
          error={create.error ? errorWithDetail(create.error) : undefined}
        />
        <Checkbox.Group label={t('webhooks.add.events')} value={events} onChange={(v) => setEvents(v)}>
          <Stack gap={4} mt={4}>
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} value={e} label={t(`webhooks.events.${e}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox
          checked={personal}
          onChange={(e) => setPersonal(e.currentTarget.checked)}
          label={t('webhooks.add.personalData')}
        />
        <Group>
          <Button type="submit" loading={create.isPending} disabled={events.length === 0}>
            {t('webhooks.add.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function EndpointRow({
  projectId,
  endpoint,
  onSecret,
}: {
  projectId: number;
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const time = useFormatTime();
  const update = useUpdateWebhook(projectId);
  const remove = useDeleteWebhook(projectId);
  const rotate = useRotateWebhookSecret(projectId);
  const test = useSendWebhookTest(projectId);
  const onError = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: t('webhooks.actions.failed', { message: errorMessage(error) }),
    });
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('webhooks.actions.deleteTitle'),
      children: <Text size="sm">{t('webhooks.actions.deleteConfirm', { url: endpoint.url })}</Text>,
      labels: { confirm: t('webhooks.actions.delete'), cancel: t('webhooks.actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(endpoint.id, { onError }),
    });
  const confirmRotate = () =>
    modals.openConfirmModal({
      title: t('webhooks.actions.rotate'),
      children: <Text size="sm">{t('webhooks.actions.rotateConfirm')}</Text>,
      labels: { confirm: t('webhooks.actions.rotate'), cancel: t('webhooks.actions.cancel') },
      onConfirm: () => rotate.mutate(endpoint.id, { onSuccess: ({ secret }) => onSecret(secret), onError }),
    });
  return (
    <Table.Tr>
      <Table.Td style={{ wordBreak: 'break-all' }}>{endpoint.url}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {endpoint.events.map((e) => (
            <Text key={e} size="xs">
              {t(`webhooks.events.${e}`, { defaultValue: e })}
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <Badge color={endpoint.enabled ? 'teal' : 'gray'} variant="light">
            {endpoint.enabled ? t('webhooks.status.on') : t('webhooks.status.off')}
          </Badge>
          {endpoint.disabled_reason && (
            <Text size="xs" c="red.8">
              {t('webhooks.status.offForFailure', { reason: endpoint.disabled_reason })}
            </Text>
          )}
          {endpoint.enabled && endpoint.failure_count > 0 && (
            <Text size="xs" c="orange.8">
              {t('webhooks.status.failing', { count: endpoint.failure_count })}
            </Text>
          )}
          {endpoint.previous_secret_expires_at && (
            <Text size="xs" c="dimmed">
              {t('webhooks.status.rotating', { time: time(endpoint.previous_secret_expires_at) })}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {endpoint.last_delivery && (
          <Text size="xs">
            {t(`webhooks.log.statuses.${endpoint.last_delivery.status}`)} · {time(endpoint.last_delivery.at)}
            {endpoint.last_delivery.response_code !== null && ` · ${endpoint.last_delivery.response_code}`}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="default"
            loading={test.isPending}
            onClick={() =>
              test.mutate(endpoint.id, {
                onSuccess: () => notifications.show({ message: t('webhooks.actions.testSent') }),
                onError,
              })
            }
          >
            {t('webhooks.actions.test')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={confirmRotate}>
            {t('webhooks.actions.rotate')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={update.isPending}
            onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled }, { onError })}
          >
            {endpoint.enabled ? t('webhooks.actions.disable') : t('webhooks.actions.enable')}
          </Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={confirmDelete}>
            {t('webhooks.actions.delete')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function DeliveryLog({ projectId, endpoints }: { projectId: number; endpoints: WebhookEndpoint[] }) {
  const { t } = useTranslation();
  const time = useFormatTime();
  const log = useWebhookDeliveries(projectId);
  const replay = useReplayWebhookDelivery(projectId);
  const urlOf = new Map(endpoints.map((e) => [e.id, e.url]));
  const rows: WebhookDelivery[] = log.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={4}>{t('webhooks.log.title')}</Title>
      {log.isPending ? (
        <Skeleton h={60} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('webhooks.log.empty')}
        </Text>
      ) : (
        <Table striped aria-label={t('webhooks.log.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.log.time')}</Table.Th>
              <Table.Th>{t('webhooks.log.event')}</Table.Th>
              <Table.Th>{t('webhooks.table.url')}</Table.Th>
              <Table.Th>{t('webhooks.log.status')}</Table.Th>
              <Table.Th>{t('webhooks.log.attempts')}</Table.Th>
              <Table.Th>{t('webhooks.log.response')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id} data-delivery-status={d.status}>
                <Table.Td>{time(d.created_at)}</Table.Td>
                <Table.Td>{t(`webhooks.events.${d.event}`, { defaultValue: d.event })}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{urlOf.get(d.endpoint_id)}</Table.Td>
                <Table.Td>
                  {t(`webhooks.log.statuses.${d.status}`)}
                  {d.last_error && d.status !== 'sent' && (
                    <Text size="xs" c="red.8">
                      {d.last_error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td>{d.response_code ?? '—'}</Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="default"
                    onClick={() =>
                      replay.mutate(d.id, {
                        onError: (error) =>
                          notifications.show({
                            color: 'red',
                            message: t('webhooks.actions.failed', { message: errorMessage(error) }),
                          }),
                      })
                    }
                  >
                    {t('webhooks.log.replay')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The project page's Webhooks tab (admins): endpoints, their secrets, and the delivery log (ADR 034). */
export function WebhooksManager({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const endpoints = useWebhooks(projectId);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('webhooks.intro')}
      </Text>
      {endpoints.isError && <Alert color="red">{t('webhooks.loadFailed')}</Alert>}
      {endpoints.isPending ? (
        <Skeleton h={80} />
      ) : (endpoints.data ?? []).length === 0 ? (
        <Text size="sm">{t('webhooks.empty')}</Text>
      ) : (
        <Table aria-label={t('webhooks.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('webhooks.table.url')}</Table.Th>
              <Table.Th>{t('webhooks.table.events')}</Table.Th>
              <Table.Th>{t('webhooks.table.status')}</Table.Th>
              <Table.Th>{t('webhooks.table.lastDelivery')}</Table.Th>
              <Table.Th>{t('webhooks.table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {endpoints.data?.map((e) => (
              <EndpointRow key={e.id} projectId={projectId} endpoint={e} onSecret={setSecret} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AddEndpointForm projectId={projectId} onSecret={setSecret} />
      <DeliveryLog projectId={projectId} endpoints={endpoints.data ?? []} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
