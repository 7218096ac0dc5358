import { memo, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFileSpreadsheet, IconUpload } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import type { ImportResult, ImportRow } from '@planvy/shared';
import { errorWithDetail } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useImportApartments } from '../api/import-apartments';

import { fieldLabel } from '../field-labels';
import { fileToBase64 } from '../file-base64';
import { importReason } from '../import-reasons';
import { importColumns, importValueText, type ImportValueFormat } from '../import-values';
import type { TableFormat } from './apartments-table';

type ImportKind = ImportRow['kind'];

const KIND_ORDER: readonly ImportKind[] = ['invalid', 'new', 'changed', 'unchanged'];
const KIND_COLOR: Record<ImportKind, string> = {
  new: 'teal',
  changed: 'blue',
  unchanged: 'gray',
  invalid: 'red',
};
/** The preview lists at most this many rows; the counts above it cover them all. */
const MAX_PREVIEW_ROWS = 500;

type Filter = ImportKind | 'all';

const DELIMITER_NAME = { '\t': 'tab', ';': 'semicolon', ',': 'comma' } as const;
/** An encoding as people know it (the answer's names are iconv-lite's). */
const encodingName = (encoding: string) =>
  encoding.startsWith('utf-16') ? 'UTF-16' : encoding.replace(/^utf/, 'UTF').replace(/^windows/, 'Windows');

interface ImportDialogProps {
  projectId: number;
  /** The apartments table's format: project type, language and currency. */
  format: TableFormat;
  opened: boolean;
  onClose: () => void;
}

/**
 * Spec issue 4: choose a CSV, see what it would do (new rows with their values, changed ones
 * from → to, unchanged, invalid with each reason) before anything is written, then apply it in
 * one transaction. Building numbers the file names that the project lacks are offered for
 * creation (issue 22); without that, the rows naming them are skipped.
 */
export const ImportDialog = memo(function ImportDialog({
  projectId,
  format,
  opened,
  onClose,
}: ImportDialogProps) {
  const { type } = format;
  const { t } = useTranslation();
  const isMobile = useMediaQuery('(max-width: 48em)');
  const [file, setFile] = useState<File | null>(null);
  const [payload, setPayload] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [reading, setReading] = useState(false);
  const [createBuildings, setCreateBuildings] = useState(false);
  const previewImport = useImportApartments();
  const applyImport = useImportApartments();

  const reset = () => {
    setFile(null);
    setPayload(null);
    setPreview(null);
    setFilter('all');
    setCreateBuildings(false);
    previewImport.reset();
    applyImport.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (chosen: File | null) => {
    reset();
    setFile(chosen);
    if (!chosen) return;
    setReading(true);
    try {
      const csvBase64 = await fileToBase64(chosen);
      setPayload(csvBase64);
      previewImport.mutate(
        { projectId, csvBase64, apply: false },
        {
          onSuccess: setPreview,
        },
      );
    } finally {
      setReading(false);
    }
  };

  const missing = preview?.missing_building_numbers ?? [];
  const create = createBuildings && missing.length > 0;

  const apply = () => {
    if (!payload) return;
    applyImport.mutate(
      { projectId, csvBase64: payload, apply: true, createBuildingNumbers: create },
      {
        onSuccess: (result) => {
          const created = result.created_building_numbers;
          toast.success(
            t('apartments.import.done', { new: result.summary.new, changed: result.summary.changed }) +
              (created.length > 0
                ? ` ${t('apartments.import.doneBuildings', { labels: created.join(', ') })}`
                : ''),
          );
          close();
        },
        onError: (error) => toast.error(errorWithDetail(error)),
      },
    );
  };

  const rows = useMemo(() => {
    if (!preview) return [];
    const rank = (r: ImportRow) => KIND_ORDER.indexOf(r.kind);
    const sorted = [...preview.rows].sort((a, b) => rank(a) - rank(b) || a.line - b.line);
    return filter === 'all' ? sorted : sorted.filter((r) => r.kind === filter);
  }, [preview, filter]);

  const reasonText = (message: string) => {
    const reason = importReason(message);
    if (reason.key === null) return reason.text;
    if (reason.key === 'unknownStatus') return t('apartments.import.reasons.unknownStatus', reason.values);
    if (reason.key === 'unknownBuilding')
      return t('apartments.import.reasons.unknownBuilding', reason.values);
    return t(`apartments.import.reasons.${reason.key}`);
  };

  const valueFormat: ImportValueFormat = {
    ...format,
    yes: t('apartments.import.yes'),
    no: t('apartments.import.no'),
  };
  const fields = useMemo(() => (preview ? importColumns(preview.rows) : []), [preview]);

  /** A field's cell: the value a new row gets, from → to for a changed one. */
  const valueCell = (row: ImportRow, field: string) => {
    if (!(field in row.values)) return null;
    const to = importValueText(field, row.values[field] ?? null, valueFormat);
    const isNew = field === 'building_number_id' && row.missing_building_number !== null;
    return (
      <Text size="sm" lineClamp={2}>
        {row.kind === 'changed' && (
          <>
            <Text span size="sm" c="dimmed">
              {importValueText(field, row.before[field] ?? null, valueFormat)}
            </Text>
            {' → '}
          </>
        )}
        {to}
        {isNew && (
          <Badge component="span" ml={4} size="xs" variant="outline" color="yellow" tt="none">
            {t('apartments.import.newBuilding')}
          </Badge>
        )}
      </Text>
    );
  };

  const errorList = (row: ImportRow) => {
    const entries = Object.entries(row.errors).flatMap(([field, messages]) =>
      messages.map((m) => `${fieldLabel(t, field, type)}: ${reasonText(m)}`),
    );
    return (
      <List size="sm" spacing={2} listStyleType="none" p={0}>
        {entries.map((entry) => (
          <List.Item key={entry}>{entry}</List.Item>
        ))}
      </List>
    );
  };

  const summary = preview?.summary;
  // Rows that wait for a building number the admin chose not to create are skipped.
  const waiting = (kind: ImportKind) =>
    create || !preview ? 0 : preview.rows.filter((r) => r.kind === kind && r.missing_building_number).length;
  const toWrite = summary
    ? { new: summary.new - waiting('new'), changed: summary.changed - waiting('changed') }
    : { new: 0, changed: 0 };
  const writable = toWrite.new + toWrite.changed;
  const skippedForBuildings = waiting('new') + waiting('changed');
  const busy = reading || previewImport.isPending;
  const filters: Filter[] = ['all', ...KIND_ORDER.filter((k) => k !== 'invalid'), 'invalid'];
  const showErrors = (summary?.invalid ?? 0) > 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('apartments.import.title')}
      size="xl"
      fullScreen={isMobile}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('apartments.import.help')}
        </Text>
        <FileInput
          label={t('apartments.import.file')}
          placeholder={t('apartments.import.filePlaceholder')}
          accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
          disabled={applyImport.isPending}
        />

        {busy && (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">{t('apartments.import.reading')}</Text>
          </Group>
        )}
        {previewImport.isError && (
          <Alert color="red" title={t('apartments.import.failed')} icon={<IconAlertTriangle aria-hidden />}>
            {errorWithDetail(previewImport.error)}
          </Alert>
        )}

        {preview && summary && (
          <Stack gap="sm" component="section" aria-label={t('apartments.import.previewTitle')}>
            <Text size="xs" c="dimmed">
              {t('apartments.import.readAs', {
                encoding: encodingName(preview.encoding),
                delimiter: t(`apartments.import.delimiters.${DELIMITER_NAME[preview.delimiter]}`),
              })}
            </Text>
            {missing.length > 0 && (
              <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
                <Stack gap="xs">
                  <Text size="sm">
                    {t('apartments.import.missingBuildings', {
                      count: missing.length,
                      labels: missing.join(', '),
                    })}
                  </Text>
                  <Checkbox
                    label={t('apartments.import.createBuildings', {
                      count: missing.length,
                      labels: missing.join(', '),
                    })}
                    checked={createBuildings}
                    onChange={(event) => setCreateBuildings(event.currentTarget.checked)}
                    disabled={applyImport.isPending}
                  />
                </Stack>
              </Alert>
            )}
            {preview.unknown_columns.length > 0 && (
              <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
                {t('apartments.import.unknownColumns', { columns: preview.unknown_columns.join(', ') })}
              </Alert>
            )}
            <SegmentedControl
              aria-label={t('apartments.import.filter')}
              value={filter}
              onChange={setFilter}
              fullWidth
              data={filters.map((kind) => ({
                value: kind,
                label: `${t(`apartments.import.kinds.${kind}`)} (${
                  kind === 'all' ? preview.rows.length : summary[kind]
                })`,
              }))}
            />
            {preview.rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('apartments.import.noRows')}
              </Text>
            ) : rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('apartments.import.noRowsOfKind')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={Math.max(520, 260 + fields.length * 110)} maxHeight={360}>
                <Table
                  stickyHeader
                  verticalSpacing="xs"
                  striped
                  aria-label={t('apartments.import.tableCaption')}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col" w={70}>
                        {t('apartments.import.columns.line')}
                      </Table.Th>
                      <Table.Th scope="col">{fieldLabel(t, 'bostad', type)}</Table.Th>
                      <Table.Th scope="col" w={130}>
                        {t('apartments.import.columns.result')}
                      </Table.Th>
                      {fields.map((field) => (
                        <Table.Th scope="col" key={field}>
                          {fieldLabel(t, field, type)}
                        </Table.Th>
                      ))}
                      {showErrors && (
                        <Table.Th scope="col">{t('apartments.import.columns.details')}</Table.Th>
                      )}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.slice(0, MAX_PREVIEW_ROWS).map((row) => (
                      <Table.Tr key={row.line} data-kind={row.kind}>
                        <Table.Td>{row.line}</Table.Td>
                        <Table.Td>{row.bostad}</Table.Td>
                        <Table.Td>
                          <Badge color={KIND_COLOR[row.kind]} variant="light" radius="sm" tt="none">
                            {t(`apartments.import.kind.${row.kind}`)}
                          </Badge>
                        </Table.Td>
                        {fields.map((field) => (
                          <Table.Td key={field}>{valueCell(row, field)}</Table.Td>
                        ))}
                        {showErrors && <Table.Td>{row.kind === 'invalid' && errorList(row)}</Table.Td>}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {rows.length > MAX_PREVIEW_ROWS && (
              <Text size="xs" c="dimmed">
                {t('apartments.import.truncated', { shown: MAX_PREVIEW_ROWS, total: rows.length })}
              </Text>
            )}
            <Alert color={writable > 0 ? 'blue' : 'gray'} variant="light">
              <Text size="sm">
                {writable > 0
                  ? t('apartments.import.willWrite', {
                      count: writable,
                      new: toWrite.new,
                      changed: toWrite.changed,
                    })
                  : t('apartments.import.nothingToWrite')}
                {summary.invalid > 0 && ` ${t('apartments.import.skipInvalid', { count: summary.invalid })}`}
                {skippedForBuildings > 0 &&
                  ` ${t('apartments.import.skipMissingBuildings', { count: skippedForBuildings })}`}
              </Text>
            </Alert>
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={applyImport.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            onClick={apply}
            disabled={!preview || writable === 0 || busy}
            loading={applyImport.isPending}
          >
            {t('apartments.import.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
});
