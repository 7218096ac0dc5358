import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, EmptyState, Group, Paper, Skeleton, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconBuildingCommunity, IconPlus, IconSearch } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useCan } from '../../../hooks/use-can';
import { fullName } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { useProjects } from '../api/get-projects';
import { filterProjects } from '../project-search';
import { ProjectTypeBadge } from './project-type-badge';
import classes from './projects-list.module.css';

const SKELETON_ROWS = 5;

/** /projects: name, description, type and, for whoever assigns owners (admins), the owner (spec §2). */
export function ProjectsList() {
  const { t } = useTranslation();
  const can = useCan();
  const canCreate = can('project.create');
  const showsOwner = can('project.editCore');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const projects = useProjects();
  const visible = projects.data
    ? filterProjects(projects.data, query, (type) => t(`projects.types.${type}`))
    : [];
  const columns = showsOwner ? 4 : 3;

  const open = (id: number) => void navigate(paths.project(id));
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, id: number) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(id);
    }
  };

  const addButton = canCreate ? (
    <Button component={Link} to={paths.projectAdd()} leftSection={<IconPlus size={16} aria-hidden />}>
      {t('projects.list.add')}
    </Button>
  ) : null;

  const head = (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">{t('projects.list.columns.name')}</Table.Th>
        <Table.Th scope="col" visibleFrom="sm">
          {t('projects.list.columns.description')}
        </Table.Th>
        <Table.Th scope="col">{t('projects.list.columns.type')}</Table.Th>
        {showsOwner && (
          <Table.Th scope="col" visibleFrom="sm">
            {t('projects.list.columns.user')}
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );

  const body = projects.isPending ? (
    <Table.Tbody>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: columns }, (_, cell) => (
            <Table.Td key={cell} visibleFrom={cell === 1 || cell === 3 ? 'sm' : undefined}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  ) : (
    <Table.Tbody>
      {visible.map((project) => (
        <Table.Tr
          key={project.id}
          className={classes.row}
          tabIndex={0}
          onClick={() => open(project.id)}
          onKeyDown={(event) => onRowKey(event, project.id)}
        >
          <Table.Td>
            <Text size="sm" className={classes.name}>
              {project.name}
            </Text>
            {/* Phones have no room for the description and owner columns; they go under the name. */}
            <Text size="xs" c="dimmed" lineClamp={2} hiddenFrom="sm">
              {project.description}
            </Text>
            {showsOwner && (
              <Text size="xs" hiddenFrom="sm">
                {t('projects.view.owner', { name: fullName(project.user) })}
              </Text>
            )}
          </Table.Td>
          <Table.Td visibleFrom="sm">
            <Text size="sm" c="dimmed" lineClamp={2} className={classes.description}>
              {project.description}
            </Text>
          </Table.Td>
          <Table.Td className={classes.type}>
            <ProjectTypeBadge type={project.type} />
          </Table.Td>
          {showsOwner && <Table.Td visibleFrom="sm">{fullName(project.user)}</Table.Td>}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );

  const isEmpty = projects.isSuccess && visible.length === 0;
  const hasQuery = query.trim() !== '';
  const hasProjects = (projects.data?.length ?? 0) > 0;

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <TextInput
          label={t('projects.list.search')}
          placeholder={t('projects.list.searchPlaceholder')}
          type="search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        {addButton}
      </Group>

      {projects.isError ? (
        <Alert color="red" title={t('projects.list.loadFailed')} role="alert">
          {errorMessage(projects.error)}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table
            highlightOnHover
            verticalSpacing="sm"
            aria-label={t('projects.list.tableCaption')}
            aria-busy={projects.isPending}
          >
            {head}
            {body}
          </Table>
        </Table.ScrollContainer>
      )}

      {isEmpty && (
        <EmptyState icon={<IconBuildingCommunity aria-hidden />} variant="light" py="lg">
          <EmptyState.Title order={2}>
            {hasQuery && hasProjects ? t('projects.list.noMatchesTitle') : t('projects.emptyTitle')}
          </EmptyState.Title>
          <EmptyState.Description>
            {hasQuery && hasProjects
              ? t('projects.list.noMatchesDescription', { query: query.trim() })
              : canCreate
                ? t('projects.list.adminEmptyDescription')
                : t('projects.emptyDescription')}
          </EmptyState.Description>
          {canCreate && !hasProjects && <EmptyState.Actions>{addButton}</EmptyState.Actions>}
        </EmptyState>
      )}
    </Paper>
  );
}
