import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconMail, IconSend } from '../../../components/ui/icons';
import { MAIL_STATUSES, type MailLogEntry, type MailStatus } from '@planvy/shared';
import { useCan } from '../../../hooks/use-can';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useMailLog } from '../api/get-mail-log';
import { CursorPager } from '../../../components/ui/cursor-pager';
import { useResendMail } from '../api/resend-mail';

export interface FilterOption {
  value: string;
  label: string;
}

const STATUS_COLOR: Record<MailStatus, string> = {
  pending: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};
const COLUMNS = 6;
const isStatus = (value: string | null): value is MailStatus =>
  value !== null && (MAIL_STATUSES as readonly string[]).includes(value);

function ResendButton({ mail }: { mail: MailLogEntry }) {
  const { t } = useTranslation();
  const mutation = useResendMail();
  const button = (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<IconSend size={14} aria-hidden />}
      disabled={!mail.resendable}
      loading={mutation.isPending}
      onClick={() =>
        mutation.mutate(mail.id, {
          onSuccess: () => toast.success(t('mailLog.resent', { to: mail.to })),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      {t('mailLog.resend')}
    </Button>
  );
  // A mail with a one-time link cannot be copied: its token is gone (ADR 033).
  return mail.resendable ? (
    button
  ) : (
    <Tooltip label={t('mailLog.hasLink')}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** Admins: the mail sent through the outbox, newest first, per project or all, with "Skicka igen". */
export function MailLog({ projects }: { projects: FilterOption[] }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const [project, setProject] = useState<string | null>(null);
  const [status, setStatus] = useState<MailStatus | null>(null);
  // The `before` of each page after the first: Newer pops one.
  const [cursors, setCursors] = useState<number[]>([]);
  const query = useMailLog({
    project: project ? Number(project) : undefined,
    status: status ?? undefined,
    before: cursors.at(-1),
  });
  const format = new Intl.DateTimeFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
  const mails = query.data?.mails ?? [];
  const nextBefore = query.data?.next_before ?? null;

  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
        <Select
          label={t('mailLog.filters.project')}
          placeholder={t('mailLog.filters.anyProject')}
          data={projects}
          value={project}
          onChange={(value) => {
            setProject(value);
            setCursors([]);
          }}
          searchable
          clearable
        />
        <Select
          label={t('mailLog.filters.status')}
          placeholder={t('mailLog.filters.anyStatus')}
          data={MAIL_STATUSES.map((s) => ({ value: s, label: t(`mailLog.statuses.${s}`) }))}
          value={status}
          onChange={(value) => {
            setStatus(isStatus(value) ? value : null);
            setCursors([]);
          }}
          clearable
        />
      </SimpleGrid>

      {query.isError ? (
        <Alert color="red" title={t('mailLog.loadFailed')} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-label={t('mailLog.tableCaption')} aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('mailLog.columns.time')}</Table.Th>
                <Table.Th scope="col">{t('mailLog.columns.to')}</Table.Th>
                <Table.Th scope="col">{t('mailLog.columns.subject')}</Table.Th>
                <Table.Th scope="col">{t('mailLog.columns.status')}</Table.Th>
                <Table.Th scope="col">{t('mailLog.columns.attempts')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('mailLog.resend')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.isPending
                ? Array.from({ length: 4 }, (_, i) => (
                    <Table.Tr key={i}>
                      {Array.from({ length: COLUMNS }, (_, cell) => (
                        <Table.Td key={cell}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : mails.map((mail) => (
                    <Table.Tr key={mail.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <time dateTime={mail.created_at}>{format.format(new Date(mail.created_at))}</time>
                      </Table.Td>
                      <Table.Td>{mail.to}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{mail.subject}</Text>
                        <Text size="xs" c="dimmed">
                          {t(`mailLog.templates.${mail.template}`, { defaultValue: mail.template })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={STATUS_COLOR[mail.status]}>
                          {t(`mailLog.statuses.${mail.status}`)}
                        </Badge>
                        {mail.last_error && mail.status !== 'sent' && (
                          <Text size="xs" c="red" mt={4}>
                            {mail.last_error}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{mail.attempts}</Table.Td>
                      <Table.Td>{can('mail.resend') && <ResendButton mail={mail} />}</Table.Td>
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {query.isSuccess && mails.length === 0 && (
        <EmptyState icon={<IconMail aria-hidden />} py="lg">
          <EmptyState.Title order={2}>{t('mailLog.emptyTitle')}</EmptyState.Title>
          <EmptyState.Description>{t('mailLog.emptyDescription')}</EmptyState.Description>
        </EmptyState>
      )}

      <CursorPager
        cursors={cursors}
        setCursors={setCursors}
        nextBefore={nextBefore}
        busy={query.isFetching}
        newer={t('mailLog.newer')}
        older={t('mailLog.older')}
      />
    </Paper>
  );
}
