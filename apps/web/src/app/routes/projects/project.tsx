import { Alert, Button, Group, Stack, Tabs } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { ApartmentForm } from '../../../features/apartments/components/apartment-form';
import { ApartmentsPanel } from '../../../features/apartments/components/apartments-panel';
import { useApartments } from '../../../features/apartments/api/get-apartments';
import { BuildingNumbersManager } from '../../../features/plans/components/building-numbers-manager';
import { PlanFilesManager } from '../../../features/plans/components/plan-files-manager';
import { PlanViewer } from '../../../features/plans/components/plan-viewer';
import { CodeSnippet } from '../../../features/projects/components/code-snippet';
import { ProjectDetailsForm } from '../../../features/projects/components/project-details-form';
import { useProject } from '../../../features/projects/api/get-project';
import { useProjectSettings } from '../../../features/projects/api/get-project-settings';

/**
 * /projects/{id}: the tabs of spec §2. The Project tab composes the project form,
 * the plan viewer/editor and the apartments table; the route hands the apartments
 * feature's form to the plan editor so the features stay independent.
 */
export function ProjectRoute() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const project = useProject(id);
  const settings = useProjectSettings(id);
  const apartments = useApartments(id);

  if (project.isPending || settings.isPending) return <PageLoader />;
  if (project.isError) {
    return (
      <Alert color="red" title={t('projects.view.loadFailed')}>
        {errorMessage(project.error)}
      </Alert>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" title={t('projects.view.loadFailed')}>
        {errorMessage(settings.error)}
      </Alert>
    );
  }
  const p = project.data;
  const s = settings.data;

  return (
    <Stack gap="md">
      <PageHeader
        title={p.name}
        actions={
          isAdmin ? (
            <Button
              component="a"
              href={paths.widget(p.id)}
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              {t('projects.view.preview')}
            </Button>
          ) : undefined
        }
      />
      <Tabs defaultValue="project" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="project">{t('projects.tabs.project')}</Tabs.Tab>
          {isAdmin && <Tabs.Tab value="svg">{t('projects.tabs.svg')}</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="sun">{t('projects.tabs.sun')}</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="buildings">{t('projects.tabs.buildings')}</Tabs.Tab>}
          <Tabs.Tab value="code">{t('projects.tabs.code')}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="project" pt="md">
          <Stack gap="xl">
            <ProjectDetailsForm project={p} settings={s} isAdmin={isAdmin} />
            <PlanViewer
              project={p}
              settings={s}
              apartments={apartments.data ?? []}
              isAdmin={isAdmin}
              renderApartmentForm={(slot) => (
                <ApartmentForm project={p} settings={s} isAdmin={isAdmin} {...slot} />
              )}
            />
            <ApartmentsPanel project={p} settings={s} isAdmin={isAdmin} />
          </Stack>
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="svg" pt="md">
            <PlanFilesManager projectId={p.id} />
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="sun" pt="md">
            <Group>
              <Alert color="gray">{t('projects.view.sunStudyLater')}</Alert>
            </Group>
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="buildings" pt="md">
            <BuildingNumbersManager projectId={p.id} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="code" pt="md">
          <CodeSnippet projectId={p.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
