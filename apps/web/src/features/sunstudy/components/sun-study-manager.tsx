import { Alert, EmptyState, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconSun } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useSunStudyFiles } from '../api/get-sun-study-files';
import { SunStudyList } from './sun-study-list';
import { SunStudyUpload } from './sun-study-upload';

/** The Sun study tab (admins): upload, then label and order what buyers step through. */
export function SunStudyManager({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const files = useSunStudyFiles(projectId);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sun-study-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="sun-study-title">
            {t('sunstudy.title')}
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            {t('sunstudy.description')}
          </Text>
        </div>
        <SunStudyUpload projectId={projectId} />
        {files.isError && (
          <Alert color="red" title={t('sunstudy.loadFailed')} role="alert">
            {errorMessage(files.error)}
          </Alert>
        )}
        {files.isPending ? (
          <Stack gap={6} aria-hidden>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={62} radius="sm" />
            ))}
          </Stack>
        ) : files.data?.length ? (
          <SunStudyList projectId={projectId} files={files.data} />
        ) : (
          !files.isError && (
            <EmptyState icon={<IconSun aria-hidden />} py="md">
              <EmptyState.Title order={3}>{t('sunstudy.empty')}</EmptyState.Title>
              <EmptyState.Description>{t('sunstudy.emptyDescription')}</EmptyState.Description>
            </EmptyState>
          )
        )}
      </Stack>
    </Paper>
  );
}
