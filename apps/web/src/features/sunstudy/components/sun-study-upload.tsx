import { useRef, useState } from 'react';
import { ActionIcon, Badge, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconFile, IconMovie, IconPhoto, IconPhotoPlus, IconX } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { SUN_STUDY_EXTENSIONS, SUN_STUDY_TYPES, sunStudyKindFor, type SunStudyKind } from '@planvy/shared';
import { errorWithDetail } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { addFiles, formatBytes, readyItems, updateItem, type UploadItem } from '../../../lib/upload-queue';
import { useUploadSunStudyFile } from '../api/upload-sun-study-file';
import classes from './sun-study.module.css';

const ACCEPT = [...SUN_STUDY_EXTENSIONS, ...new Set(Object.values(SUN_STUDY_TYPES))].join(',');

type Item = UploadItem<SunStudyKind>;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** "21 juni 09.00.jpg" → "21 juni 09.00": a first label the admin can correct. */
export function labelFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).replace(/[_]+/g, ' ').trim().slice(0, 100);
}

/**
 * Choose several files, then upload them one after another with a progress bar each. The
 * Upload button appears only once a file is chosen (spec §2); each file goes to the end of
 * the list with its name as label.
 */
export function SunStudyUpload({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation();
  const [items, setItems] = useState<Item[]>([]);
  const [uploading, setUploading] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const resetInput = useRef<() => void>(null);
  const upload = useUploadSunStudyFile(projectId);
  const ready = readyItems(items);

  const add = (files: File[]) => {
    if (files.length)
      setItems((list) => addFiles(list, files, sunStudyKindFor, t('sunstudy.upload.unsupported')));
    resetInput.current?.();
  };

  const start = async () => {
    const queue = readyItems(items);
    if (queue.length === 0) return;
    const abort = new AbortController();
    controller.current = abort;
    setUploading(true);
    let uploaded = 0;
    for (const item of queue) {
      if (abort.signal.aborted) {
        setItems((list) => updateItem(list, item.key, { status: 'cancelled' }));
        continue;
      }
      setItems((list) => updateItem(list, item.key, { status: 'uploading', progress: 0 }));
      try {
        await upload.mutateAsync({
          file: item.file,
          label: labelFromFileName(item.file.name),
          signal: abort.signal,
          onProgress: (progress) => setItems((list) => updateItem(list, item.key, { progress })),
        });
        uploaded++;
        setItems((list) => updateItem(list, item.key, { status: 'done', progress: 1 }));
      } catch (error) {
        if (isAbort(error)) {
          setItems((list) => updateItem(list, item.key, { status: 'cancelled' }));
        } else {
          const message = errorWithDetail(error);
          toast.error(message);
          setItems((list) => updateItem(list, item.key, { status: 'failed', error: message }));
        }
      }
    }
    controller.current = null;
    setUploading(false);
    if (uploaded > 0) toast.success(t('sunstudy.upload.success'));
    // What went up is in the list below now; what did not stays here with its reason.
    setItems((list) => list.filter((i) => i.status !== 'done'));
  };

  const cancel = () => {
    if (uploading) controller.current?.abort();
    else setItems([]);
  };

  const statusText = (item: Item) => {
    switch (item.status) {
      case 'ready':
        return t('sunstudy.upload.ready');
      case 'uploading':
        return item.progress < 1
          ? t('sunstudy.upload.uploading', { percent: Math.round(item.progress * 100) })
          : t('sunstudy.upload.processing');
      case 'done':
        return t('sunstudy.upload.done');
      case 'cancelled':
        return t('sunstudy.upload.cancelled');
      case 'failed':
        return `${t('sunstudy.upload.failed')}: ${item.error ?? ''}`;
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="sun-upload-title">
      <Text fw={600} id="sun-upload-title">
        {t('sunstudy.upload.title')}
      </Text>
      <Group gap="sm" align="center">
        <FileButton onChange={add} accept={ACCEPT} multiple resetRef={resetInput} disabled={uploading}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPhotoPlus size={16} aria-hidden />}>
              {t('sunstudy.upload.choose')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
          {t('sunstudy.upload.hint')}
        </Text>
      </Group>

      {items.length > 0 && (
        <>
          <Stack
            gap="xs"
            component="ul"
            className={classes.uploadList}
            aria-label={t('sunstudy.upload.selected')}
          >
            {items.map((item) => (
              <li key={item.key} className={classes.uploadItem} aria-label={item.file.name}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  {item.kind === 'video' ? (
                    <IconMovie size={20} aria-hidden className={classes.icon} />
                  ) : item.kind === 'image' ? (
                    <IconPhoto size={20} aria-hidden className={classes.icon} />
                  ) : (
                    <IconFile size={20} aria-hidden className={classes.icon} />
                  )}
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs" justify="space-between" wrap="nowrap">
                      <Text size="sm" fw={500} truncate="end">
                        {item.file.name}
                      </Text>
                      <Group gap="xs" wrap="nowrap">
                        <Badge variant="light" color="gray" size="sm">
                          {item.kind === 'video'
                            ? t('sunstudy.upload.kindVideo')
                            : item.kind === 'image'
                              ? t('sunstudy.upload.kindImage')
                              : t('sunstudy.upload.kindUnknown')}
                        </Badge>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {formatBytes(item.file.size, i18n.language)}
                        </Text>
                      </Group>
                    </Group>
                    <Progress
                      value={Math.round(item.progress * 100)}
                      color={
                        item.status === 'failed' ? 'red' : item.status === 'cancelled' ? 'gray' : 'indigo'
                      }
                      size="sm"
                      aria-label={t('sunstudy.upload.progress', { name: item.file.name })}
                      animated={item.status === 'uploading'}
                      striped={item.status === 'uploading'}
                    />
                    <Text size="xs" c={item.status === 'failed' ? 'red.8' : 'dimmed'} role="status">
                      {statusText(item)}
                    </Text>
                  </Stack>
                  {item.status !== 'uploading' && !uploading && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('sunstudy.upload.remove', { name: item.file.name })}
                      onClick={() => setItems((list) => list.filter((i) => i.key !== item.key))}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              </li>
            ))}
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel}>
              {t('sunstudy.upload.cancel')}
            </Button>
            {(ready.length > 0 || uploading) && (
              <Button
                leftSection={<IconCloudUpload size={16} aria-hidden />}
                loading={uploading}
                onClick={() => void start()}
              >
                {t('sunstudy.upload.upload')}
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
