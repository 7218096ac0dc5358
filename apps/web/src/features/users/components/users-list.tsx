import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, EmptyState, Group, Paper, Skeleton, Table, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import { fullName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { useUsers } from '../api/get-users';
import { filterUsers } from '../user-search';
import classes from './users-list.module.css';

const SKELETON_ROWS = 5;

export function UsersList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const users = useUsers();
  const visible = users.data ? filterUsers(users.data, query) : [];

  const open = (id: number) => void navigate(paths.user(id));
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, id: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(id);
    }
  };

  const head = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{t('users.columns.email')}</Table.Th>
        <Table.Th scope="col">{t('users.columns.phone')}</Table.Th>
        <Table.Th scope="col">{t('users.columns.name')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );

  let body;
  if (users.isPending) {
    body = (
      <Table.Tbody>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <Table.Tr key={i}>
            {[0, 1, 2].map((cell) => (
              <Table.Td key={cell}>
                <Skeleton height={14} radius="sm" />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    );
  } else {
    body = (
      <Table.Tbody>
        {visible.map((user) => (
          <Table.Tr
            key={user.id}
            className={classes.row}
            tabIndex={0}
            onClick={() => open(user.id)}
            onKeyDown={(event) => onRowKey(event, user.id)}
          >
            <Table.Td>{user.email}</Table.Td>
            <Table.Td>{user.phone}</Table.Td>
            <Table.Td>{fullName(user)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    );
  }

  const isEmpty = users.isSuccess && visible.length === 0;
  const hasQuery = query.trim() !== '';

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <TextInput
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Button component={Link} to={paths.userAdd()} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('users.add')}
        </Button>
      </Group>

      {users.isError ? (
        <Alert color="red" title={t('users.loadFailed')} role="alert">
          {errorMessage(users.error)}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table
            highlightOnHover
            verticalSpacing="sm"
            aria-label={t('users.tableCaption')}
            aria-busy={users.isPending}
          >
            {head}
            {body}
          </Table>
        </Table.ScrollContainer>
      )}

      {isEmpty && (
        <EmptyState icon={<IconUsers aria-hidden />} py="lg">
          <EmptyState.Title order={2}>
            {hasQuery ? t('users.noMatchesTitle') : t('users.emptyTitle')}
          </EmptyState.Title>
          <EmptyState.Description>
            {hasQuery
              ? t('users.noMatchesDescription', { query: query.trim() })
              : t('users.emptyDescription')}
          </EmptyState.Description>
        </EmptyState>
      )}
    </Paper>
  );
}
