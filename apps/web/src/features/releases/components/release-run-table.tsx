import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReleaseRun } from '@planvy/shared';

/** A run's result: each person in priority order (interest entry id, no names) and what they got. */
export function ReleaseRunTable({ run }: { run: ReleaseRun }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'sv-SE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>{t('releases.run.title')}</Text>
        {run.approved_at ? (
          <Badge color="green">
            {t('releases.run.approved', {
              at: format.format(new Date(run.approved_at)),
              name: run.approved_by?.name ?? '',
            })}
          </Badge>
        ) : (
          <Badge color="yellow">{t('releases.run.notApproved')}</Badge>
        )}
      </Group>
      <Text size="sm">
        {t('releases.run.summary', { allocated: run.allocated, unserved: run.unserved })} ·{' '}
        {t('releases.run.digest')} <code>{run.input_digest.slice(0, 16)}…</code>
      </Text>
      <Table.ScrollContainer minWidth={600}>
        <Table striped>
          <caption>{t('releases.run.caption')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('releases.run.position')}</Table.Th>
              <Table.Th>{t('releases.run.entry')}</Table.Th>
              <Table.Th>{t('releases.run.tier')}</Table.Th>
              <Table.Th>{t('releases.run.points')}</Table.Th>
              <Table.Th>{t('releases.run.home')}</Table.Th>
              <Table.Th>{t('releases.run.rank')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.rows.map((row) => (
              <Table.Tr key={row.entry_id}>
                <Table.Td>{row.position}</Table.Td>
                <Table.Td>#{row.entry_id}</Table.Td>
                <Table.Td>{row.tier ?? t('releases.run.noTier')}</Table.Td>
                <Table.Td>{row.points}</Table.Td>
                <Table.Td>{row.bostad ?? t('releases.run.unservedCell')}</Table.Td>
                <Table.Td>{row.rank ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
