import { useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  EmptyState,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { IconHistory } from '../../../components/ui/icons';
import type { AuditEntry } from '@planvy/shared';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useAudit } from '../api/get-audit';
import { CursorPager } from '../../../components/ui/cursor-pager';
import { auditQuery, EMPTY_FILTERS, type AuditFilters } from '../audit-query';

export interface FilterOption {
  value: string;
  label: string;
}

interface AuditLogProps {
  /** Choices for the user and project filters (the route loads them). */
  users: FilterOption[];
  projects: FilterOption[];
}

const COLUMNS = 5;
const SKELETON_ROWS = 6;

function useDateFormat() {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  });
}

const ROLES = ['admin', 'client', 'broker'] as const;
const isRole = (value: unknown): value is (typeof ROLES)[number] =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * "status: sold · count: 3" from the entry's small facts; field lists read as the field
 * names, a role change as "Role: Client → Broker". The names an entry keeps (`labels`) are
 * shown as the entry's object and project instead.
 */
function detailText(detail: AuditEntry['detail'], t: TFunction): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (key === 'undeclared' || key === 'apartments') continue;
    if (key === 'fields' && Array.isArray(value)) parts.push(`${t('audit.fields')}: ${value.join(', ')}`);
    else if (key === 'role' && typeof value === 'object' && value !== null) {
      const { from, to } = value as { from?: unknown; to?: unknown };
      if (isRole(from) && isRole(to))
        parts.push(t('audit.roleChange', { from: t(`roles.${from}`), to: t(`roles.${to}`) }));
    } else if (['string', 'number', 'boolean'].includes(typeof value)) parts.push(`${key}: ${String(value)}`);
  }
  return parts.join(' · ');
}

/** The back-office audit log: who did what to which user, project, apartment, plan, setting or style. */
export function AuditLog({ users, projects }: AuditLogProps) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_FILTERS);
  // `before` cursors of the pages after the first; the last one is the page shown.
  const [cursors, setCursors] = useState<number[]>([]);
  const query = useAudit(auditQuery(filters, cursors.at(-1)));

  const setFilter = (name: keyof AuditFilters, value: string | null) => {
    setFilters((current) => ({ ...current, [name]: value ?? '' }));
    setCursors([]);
  };
  const filtered = Object.values(filters).some(Boolean);

  const who = (entry: AuditEntry) =>
    entry.as_user
      ? t('audit.actingAs', { admin: entry.actor.name, user: entry.as_user.name })
      : entry.actor.name;
  const what = (entry: AuditEntry) => {
    const type = t(`audit.entities.${entry.entity_type}`, { defaultValue: entry.entity_type });
    const name = entry.entity_label ?? (entry.entity_id ? `#${entry.entity_id}` : '');
    if (!name) return type;
    // Named as it was; a delete says by itself that it is gone.
    return entry.entity_deleted && entry.action !== 'delete'
      ? t('audit.goneItem', { type, name })
      : `${type} ${name}`;
  };

  const head = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{t('audit.columns.time')}</Table.Th>
        <Table.Th scope="col">{t('audit.columns.who')}</Table.Th>
        <Table.Th scope="col">{t('audit.columns.action')}</Table.Th>
        <Table.Th scope="col">{t('audit.columns.object')}</Table.Th>
        <Table.Th scope="col">{t('audit.columns.project')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );

  let body;
  if (query.isPending) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <Table.Tr key={i}>
        {Array.from({ length: COLUMNS }, (_, cell) => (
          <Table.Td key={cell}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else {
    body = (query.data?.entries ?? []).map((entry) => {
      const detail = detailText(entry.detail, t);
      return (
        <Table.Tr key={entry.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={entry.at}>{format.format(new Date(entry.at))}</time>
          </Table.Td>
          <Table.Td>{who(entry)}</Table.Td>
          <Table.Td>{t(`audit.actions.${entry.action}`, { defaultValue: entry.action })}</Table.Td>
          <Table.Td>
            <Text size="sm">{what(entry)}</Text>
            {detail && (
              <Text size="xs" c="dimmed">
                {detail}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            {entry.project &&
              (!entry.project.deleted && entry.project.name ? (
                <Anchor component={Link} to={paths.project(entry.project.id)} size="sm">
                  {entry.project.name}
                </Anchor>
              ) : entry.project.name ? (
                t('audit.deletedProjectNamed', { name: entry.project.name })
              ) : (
                t('audit.deletedProject', { id: entry.project.id })
              ))}
          </Table.Td>
        </Table.Tr>
      );
    });
  }

  const entries = query.data?.entries ?? [];
  const nextBefore = query.data?.next_before ?? null;

  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="md">
        <Select
          label={t('audit.filters.user')}
          placeholder={t('audit.filters.anyUser')}
          data={users}
          value={filters.user || null}
          onChange={(value) => setFilter('user', value)}
          searchable
          clearable
        />
        <Select
          label={t('audit.filters.project')}
          placeholder={t('audit.filters.anyProject')}
          data={projects}
          value={filters.project || null}
          onChange={(value) => setFilter('project', value)}
          searchable
          clearable
        />
        <TextInput
          label={t('audit.filters.from')}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => setFilter('from', event.currentTarget.value)}
        />
        <TextInput
          label={t('audit.filters.to')}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => setFilter('to', event.currentTarget.value)}
        />
      </SimpleGrid>

      {query.isError ? (
        <Alert color="red" title={t('audit.loadFailed')} role="alert">
          {errorMessage(query.error)}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" aria-label={t('audit.tableCaption')} aria-busy={query.isFetching}>
            {head}
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {query.isSuccess && entries.length === 0 && (
        <EmptyState icon={<IconHistory aria-hidden />} py="lg">
          <EmptyState.Title order={2}>
            {filtered ? t('audit.noMatchesTitle') : t('audit.emptyTitle')}
          </EmptyState.Title>
          <EmptyState.Description>
            {filtered ? t('audit.noMatchesDescription') : t('audit.emptyDescription')}
          </EmptyState.Description>
        </EmptyState>
      )}

      <CursorPager
        cursors={cursors}
        setCursors={setCursors}
        nextBefore={nextBefore}
        busy={query.isFetching}
        newer={t('audit.newer')}
        older={t('audit.older')}
      >
        <Text size="sm" c="dimmed">
          {t('audit.page', { page: cursors.length + 1 })}
        </Text>
      </CursorPager>
    </Paper>
  );
}
