import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCloudUpload, IconFile, IconPhoto, IconX } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { errorWithDetail } from '../../../lib/error-message';
import { useUploadPlanFile } from '../api/upload-plan-file';
import { fileKindFor, type PlanReport } from '@planvy/shared';
import { addFiles, formatBytes, readyItems, updateItem, type UploadItem } from '../../../lib/upload-queue';
import { PlanReportAlert } from './plan-report-alert';
import classes from './plan-files.module.css';

const ACCEPT = '.svg,.png,.jpg,.jpeg,image/svg+xml,image/png,image/jpeg';

type PlanUploadItem = UploadItem<'svg' | 'image'> & { report?: PlanReport };

function isFileDrag(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The upload area of the SVG images tab: files dropped or chosen (several at once) are
 * listed, then uploaded one after another with a progress bar each. Cancel aborts the
 * upload under way and skips the rest.
 */
export function UploadPanel({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<PlanUploadItem[]>([]);
  const [over, setOver] = useState(false);
  const [uploading, setUploading] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const dragDepth = useRef(0);
  const upload = useUploadPlanFile(projectId);
  const ready = readyItems(items);

  const add = (files: FileList | null) => {
    if (files?.length)
      setItems((list) => addFiles(list, Array.from(files), fileKindFor, t('plans.upload.unsupported')));
  };

  const onDragEnter = (event: DragEvent) => {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    dragDepth.current++;
    setOver(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!isFileDrag(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setOver(false);
    if (!uploading) add(event.dataTransfer.files);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  };

  const start = async () => {
    const queue = readyItems(items);
    if (queue.length === 0) return;
    const abort = new AbortController();
    controller.current = abort;
    setUploading(true);
    for (const item of queue) {
      if (abort.signal.aborted) {
        setItems((list) => updateItem(list, item.key, { status: 'cancelled' }));
        continue;
      }
      setItems((list) => updateItem(list, item.key, { status: 'uploading', progress: 0 }));
      try {
        const result = await upload.mutateAsync({
          file: item.file,
          signal: abort.signal,
          onProgress: (progress) => setItems((list) => updateItem(list, item.key, { progress })),
        });
        setItems((list) =>
          updateItem(list, item.key, { status: 'done', progress: 1, report: result.report }),
        );
      } catch (error) {
        setItems((list) =>
          updateItem(
            list,
            item.key,
            isAbort(error) ? { status: 'cancelled' } : { status: 'failed', error: errorWithDetail(error) },
          ),
        );
      }
    }
    controller.current = null;
    setUploading(false);
  };

  const cancel = () => {
    if (uploading) {
      controller.current?.abort();
      return;
    }
    setItems([]);
    onClose();
  };

  const statusText = (item: PlanUploadItem) => {
    switch (item.status) {
      case 'ready':
        return t('plans.upload.ready');
      case 'uploading':
        return t('plans.upload.uploading', { percent: Math.round(item.progress * 100) });
      case 'done':
        return t('plans.upload.done');
      case 'cancelled':
        return t('plans.upload.cancelled');
      case 'failed':
        return `${t('plans.upload.failed')}: ${item.error ?? ''}`;
    }
  };
  const statusColor = (item: PlanUploadItem) =>
    item.status === 'done'
      ? 'teal'
      : item.status === 'failed'
        ? 'red'
        : item.status === 'cancelled'
          ? 'gray'
          : 'indigo';

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="plan-upload-title">
      <Stack gap="md">
        <Title order={3} size="h5" id="plan-upload-title">
          {t('plans.upload.title')}
        </Title>
        <UnstyledButton
          className={classes.dropzone}
          data-over={over || undefined}
          data-disabled={uploading || undefined}
          onClick={() => inputRef.current?.click()}
          onKeyDown={onKeyDown}
          onDragEnter={onDragEnter}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          disabled={uploading}
          aria-describedby="plan-upload-hint"
          data-testid="plan-dropzone"
        >
          <IconCloudUpload size={36} stroke={1.5} aria-hidden className={classes.dropzoneIcon} />
          <Text fw={600}>{over ? t('plans.upload.dropzoneActive') : t('plans.upload.dropzone')}</Text>
          <Text size="sm" c="dimmed" id="plan-upload-hint">
            {t('plans.upload.dropzoneHint')}
          </Text>
        </UnstyledButton>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label={t('plans.upload.choose')}
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />

        {items.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            className={classes.uploadList}
            aria-label={t('plans.upload.selected')}
          >
            {items.map((item) => (
              <li key={item.key} className={classes.uploadItem} aria-label={item.file.name}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {item.kind === 'image' ? (
                    <IconPhoto size={20} aria-hidden className={classes.fileIcon} />
                  ) : (
                    <IconFile size={20} aria-hidden className={classes.fileIcon} />
                  )}
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={500} truncate="end">
                        {item.file.name}
                      </Text>
                      <Group gap="xs" wrap="nowrap">
                        <Badge variant="light" color="gray" size="sm">
                          {item.kind === 'svg'
                            ? t('plans.upload.kindSvg')
                            : item.kind === 'image'
                              ? t('plans.upload.kindImage')
                              : t('plans.upload.kindUnknown')}
                        </Badge>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {formatBytes(item.file.size, i18n.language)}
                        </Text>
                      </Group>
                    </Group>
                    <Progress
                      value={Math.round(item.progress * 100)}
                      color={statusColor(item)}
                      size="sm"
                      aria-label={t('plans.upload.progress', { name: item.file.name })}
                      animated={item.status === 'uploading'}
                      striped={item.status === 'uploading'}
                    />
                    <Text size="xs" c={item.status === 'failed' ? 'red.8' : 'dimmed'} role="status">
                      {statusText(item)}
                    </Text>
                    {item.report && <PlanReportAlert name={item.file.name} report={item.report} />}
                  </Stack>
                  {(item.status === 'ready' || item.status === 'failed') && !uploading && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('plans.upload.remove', { name: item.file.name })}
                      onClick={() => setItems((list) => list.filter((i) => i.key !== item.key))}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel}>
            {uploading || items.length === 0 || ready.length > 0
              ? t('plans.upload.cancel')
              : t('plans.upload.close')}
          </Button>
          <Button
            leftSection={<IconCloudUpload size={16} aria-hidden />}
            disabled={ready.length === 0 || uploading}
            loading={uploading}
            onClick={() => void start()}
          >
            {t('plans.upload.upload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
