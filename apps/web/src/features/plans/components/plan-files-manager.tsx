import { useState } from 'react';
import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload, IconPencil, IconPhoto, IconFileVector } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { usePlanImages } from '../api/get-plan-images';
import { usePlans } from '../api/get-plans';
import { PlanBackgroundsForm } from './plan-backgrounds-form';
import { ImageList, PlanList } from './plan-file-list';
import { UploadPanel } from './upload-panel';

function ListSkeleton() {
  return (
    <Stack gap={6} aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={46} radius="sm" />
      ))}
    </Stack>
  );
}

/** The SVG images tab (admins): upload, the plans in order, background images, Edit SVG. */
export function PlanFilesManager({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const plans = usePlans(projectId);
  const images = usePlanImages(projectId);
  const [panel, setPanel] = useState<'upload' | 'backgrounds' | null>(null);
  const toggle = (next: 'upload' | 'backgrounds') => setPanel((current) => (current === next ? null : next));

  const failed = plans.error ?? images.error;

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Button
          leftSection={<IconCloudUpload size={16} aria-hidden />}
          onClick={() => toggle('upload')}
          aria-expanded={panel === 'upload'}
          variant={panel === 'upload' ? 'light' : 'filled'}
        >
          {t('plans.files.uploadFiles')}
        </Button>
        <Button
          variant={panel === 'backgrounds' ? 'light' : 'default'}
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => toggle('backgrounds')}
          aria-expanded={panel === 'backgrounds'}
          disabled={!plans.data || !images.data}
        >
          {t('plans.files.editSvg')}
        </Button>
      </Group>

      {panel === 'upload' && <UploadPanel projectId={projectId} onClose={() => setPanel(null)} />}
      {panel === 'backgrounds' && plans.data && images.data && (
        <PlanBackgroundsForm
          projectId={projectId}
          plans={plans.data}
          images={images.data}
          onDone={() => setPanel(null)}
        />
      )}

      {failed && (
        <Alert color="red" title={t('plans.files.loadFailed')} role="alert">
          {errorMessage(failed)}
        </Alert>
      )}

      <Paper withBorder p="md" component="section" aria-labelledby="plan-files-plans">
        <Stack gap="sm">
          <Title order={3} size="h5" id="plan-files-plans">
            {t('plans.files.plans')}
          </Title>
          {plans.isPending ? (
            <ListSkeleton />
          ) : plans.data?.length ? (
            <PlanList projectId={projectId} plans={plans.data} />
          ) : (
            !plans.isError && (
              <EmptyState icon={<IconFileVector aria-hidden />} py="md">
                <EmptyState.Title order={4}>{t('plans.files.plansEmpty')}</EmptyState.Title>
                <EmptyState.Description>{t('plans.files.plansEmptyDescription')}</EmptyState.Description>
              </EmptyState>
            )
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-labelledby="plan-files-images">
        <Stack gap="sm">
          <Title order={3} size="h5" id="plan-files-images">
            {t('plans.files.images')}
          </Title>
          {images.isPending ? (
            <ListSkeleton />
          ) : images.data?.length ? (
            <ImageList projectId={projectId} images={images.data} />
          ) : (
            !images.isError && (
              <Group gap="sm" c="dimmed">
                <IconPhoto size={18} aria-hidden />
                <Text size="sm">{t('plans.files.imagesEmpty')}</Text>
              </Group>
            )
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
