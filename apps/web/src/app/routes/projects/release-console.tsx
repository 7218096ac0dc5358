import { useMemo } from 'react';
import { Alert, Anchor, Box, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DEFAULT_STYLES, defaultProjectSettings, mergeStyles } from '@planvy/shared';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { ApartmentForm } from '../../../features/apartments/components/apartment-form';
import { useApartments } from '../../../features/apartments/api/get-apartments';
import { LaunchConsole } from '../../../features/launch-console/components/launch-console';
import { PlanViewer } from '../../../features/plans/components/plan-viewer';
import { useProject } from '../../../features/projects/api/get-project';
import { useStoredProjectSettings } from '../../../features/projects/api/get-project-settings';
import { useProjectStyles } from '../../../features/styles/api/get-project-styles';

const DEFAULT_SETTINGS = defaultProjectSettings();

/**
 * The launch console, full screen (ADR 042): the console with the project's plan, whose
 * statuses follow the console's reads every few seconds (the release's homes take the
 * status the console reports).
 */
export function ReleaseConsoleRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = Number(params.projectId);
  const releaseId = Number(params.releaseId);
  const project = useProject(projectId);
  const settings = useStoredProjectSettings(projectId);
  const apartments = useApartments(projectId);
  const styles = useProjectStyles(projectId);
  const mergedStyles = useMemo(() => mergeStyles(DEFAULT_STYLES, styles.data ?? []), [styles.data]);
  useDocumentTitle(t('launchConsole.title'));

  if (project.isPending || settings.isPending || styles.isPending) return <PageLoader />;
  if (project.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(project.error)}
      </Alert>
    );
  }
  const p = project.data;
  const s = settings.data?.values ?? DEFAULT_SETTINGS;
  return (
    <Stack p="md">
      <Group>
        <Anchor component={Link} to={paths.project(p.id)}>
          ← {p.name}
        </Anchor>
      </Group>
      <LaunchConsole
        releaseId={releaseId}
        projectType={p.type}
        plan={(c) => {
          const shown = new Map(c.apartments.map((a) => [a.id, a.status]));
          const live = (apartments.data ?? []).map((a) => {
            const status = shown.get(a.id);
            return status === undefined || status === a.status ? a : { ...a, status };
          });
          return (
            <Box>
              <PlanViewer
                project={p}
                settings={s}
                apartments={live}
                styles={mergedStyles}
                renderApartmentForm={(slot) => <ApartmentForm project={p} settings={s} {...slot} />}
              />
            </Box>
          );
        }}
      />
    </Stack>
  );
}
