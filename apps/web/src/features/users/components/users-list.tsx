import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Select,
  Skeleton,
  Table,
  TextInput,
} from '@mantine/core';
import { ROLES, userRole, type Role } from '@planvy/shared';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconSearch, IconUsers } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { fullName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { useUsers } from '../api/get-users';
import { filterUsers } from '../user-search';
import classes from './users-list.module.css';

const SKELETON_ROWS = 5;
/** The role filter's value for every role. */
const ALL_ROLES = 'all';

export function UsersList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [role, setRole] = useState<Role | null>(null);
  const users = useUsers();
  const visible = users.data ? filterUsers(users.data, query, role) : [];
  const roleOptions = [
    { value: ALL_ROLES, label: t('users.allRoles') },
    ...ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
  ];

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
        <Table.Th scope="col">{t('users.columns.role')}</Table.Th>
      </Table.Tr>
    </Table.Thead>
  );

  let body;
  if (users.isPending) {
    body = (
      <Table.Tbody>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <Table.Tr key={i}>
            {[0, 1, 2, 3].map((cell) => (
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
            <Table.Td>
              {user.email}
              {user.invitation_pending && (
                <Badge ml="xs" variant="light" color="yellow">
                  {t('users.invited')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{user.phone}</Table.Td>
            <Table.Td>{fullName(user)}</Table.Td>
            <Table.Td>{t(`roles.${userRole(user)}`)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    );
  }

  const isEmpty = users.isSuccess && visible.length === 0;
  const hasQuery = query.trim() !== '' || role !== null;

  return (
    <Paper withBorder p="md">
      <Group align="flex-end" mb="md" gap="sm">
        <TextInput
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label={t('users.roleFilter')}
          data={roleOptions}
          value={role ?? ALL_ROLES}
          onChange={(value) => setRole(ROLES.find((r) => r === value) ?? null)}
          allowDeselect={false}
          w={{ base: '100%', sm: 180 }}
        />
        <Button
          ml={{ sm: 'auto' }}
          component={Link}
          to={paths.userAdd()}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
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
              ? query.trim() !== ''
                ? t('users.noMatchesDescription', { query: query.trim() })
                : t('users.noMatchesRole')
              : t('users.emptyDescription')}
          </EmptyState.Description>
        </EmptyState>
      )}
    </Paper>
  );
}
