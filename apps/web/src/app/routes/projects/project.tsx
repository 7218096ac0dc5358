import { Alert, Anchor, Button, EmptyState, Group, Stack, Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconExternalLink, IconMapSearch } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { DEFAULT_STYLES, defaultProjectSettings, mergeStyles, type PolicyAction } from '@planvy/shared';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useCan } from '../../../hooks/use-can';
import { fullName, seesStatistics, useSession } from '../../../lib/auth';
import { errorMessage } from '../../../lib/error-message';
import { ApartmentForm } from '../../../features/apartments/components/apartment-form';
import { ApartmentsPanel } from '../../../features/apartments/components/apartments-panel';
import { useApartments } from '../../../features/apartments/api/get-apartments';
import { BuildingNumbersManager } from '../../../features/plans/components/building-numbers-manager';
import { PlanFilesManager } from '../../../features/plans/components/plan-files-manager';
import { PlanViewer } from '../../../features/plans/components/plan-viewer';
import { CodeSnippet } from '../../../features/projects/components/code-snippet';
import { DeleteProjectButton } from '../../../features/projects/components/delete-project-button';
import { ProjectDetailsForm } from '../../../features/projects/components/project-details-form';
import { ProjectTypeBadge } from '../../../features/projects/components/project-type-badge';
import { SunStudyManager } from '../../../features/sunstudy/components/sun-study-manager';
import { isProjectId, useProject } from '../../../features/projects/api/get-project';
import { useStoredProjectSettings } from '../../../features/projects/api/get-project-settings';
import { useClickShading } from '../../../features/statistics/hooks/use-click-shading';
import { InterestPanel } from '../../../features/interest/components/interest-panel';
import { useDemandShading } from '../../../features/interest/hooks/use-demand-shading';
import { useInterestList, type InterestFilters } from '../../../features/interest/api/get-interest-list';
import { useProjectStyles } from '../../../features/styles/api/get-project-styles';
import { StylesButton } from '../../../features/styles/components/styles-button';
import { WebhooksManager } from '../../../features/webhooks/components/webhooks-manager';
import { HoldForm } from '../../../features/holds/components/hold-form';
import { HoldsBoard } from '../../../features/holds/components/holds-board';
import { useHolds } from '../../../features/holds/api/get-holds';
import { ReleasesPanel } from '../../../features/releases/components/releases-panel';
import { getApartmentsQueryOptions } from '../../../features/apartments/api/get-apartments';
import { useQueryClient } from '@tanstack/react-query';

/** The interest list's people a hold may be for. */
const CONFIRMED: InterestFilters = { status: 'confirmed' };

/** What the page shows with while the project's settings cannot be read. */
const DEFAULT_SETTINGS = defaultProjectSettings();

const TABS = [
  'project',
  'holds',
  'releases',
  'settings',
  'interest',
  'svg',
  'sun',
  'buildings',
  'webhooks',
  'code',
] as const;
type Tab = (typeof TABS)[number];
/** The tabs that manage something, and the action each one needs (the policy table's). */
const TAB_ACTIONS: Partial<Record<Tab, PolicyAction>> = {
  interest: 'interest.read',
  svg: 'plan.upload',
  sun: 'sunStudy.manage',
  buildings: 'buildingNumbers.manage',
  webhooks: 'webhooks.manage',
  holds: 'holds.read',
  releases: 'release.read',
};

/** The open tab lives in `?tab=` so a reload or a shared link keeps it; nobody gets a tab they may not use. */
function useTab(allowed: (tab: Tab) => boolean): [Tab, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab = TABS.find((candidate) => candidate === wanted && allowed(candidate)) ?? 'project';
  const select = (next: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (!next || next === 'project') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, select];
}

/** A missing project and someone else's look the same (the API answers 404 for both). */
function ProjectNotFound() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('projects.view.notFound')} · ${t('app.name')}`);
  return (
    <EmptyState py="xl" icon={<IconMapSearch aria-hidden />}>
      <EmptyState.Title order={1}>{t('projects.view.notFound')}</EmptyState.Title>
      <EmptyState.Description>{t('projects.view.notFoundDescription')}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to={paths.projects()}>
          {t('projects.view.backToProjects')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/**
 * /projects/{id}: the tabs of spec §2, starting where the work is (ADR 031). The first tab
 * composes the plan viewer/editor and the apartments table; the project's details and settings
 * have a tab of their own. The route hands the apartments feature's form to the plan editor so
 * the features stay independent.
 */
export function ProjectRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const session = useSession();
  const can = useCan();
  const hasTab = (candidate: Tab) => {
    const action = TAB_ACTIONS[candidate];
    return action === undefined || can(action);
  };
  const [tab, setTab] = useTab(hasTab);
  const project = useProject(id);
  const settings = useStoredProjectSettings(id);
  const apartments = useApartments(id);
  const queryClient = useQueryClient();
  const holds = useHolds(id);
  const heldUntil = useMemo(
    () => new Map((holds.data ?? []).map((h) => [h.apartment_id, h.expires_at] as const)),
    [holds.data],
  );
  // A hold changes an apartment's status: the apartments feature's list is read again.
  const onHoldChanged = () => void queryClient.invalidateQueries(getApartmentsQueryOptions(id));
  // "Reservera" from an apartment's dialog opens the holds feature's form for it.
  const [reserving, setReserving] = useState<number | null>(null);
  // A hold may be for a person of the interest list: read it (an audited read) only while holds are placed.
  const people = useInterestList(
    id,
    CONFIRMED,
    can('interest.read') && (tab === 'holds' || reserving !== null),
  );
  // One overlay on the plan at a time: where buyers look (clicks, for those who see
  // statistics) or what they ask for (demand, from the interest list).
  const [overlay, setOverlay] = useState<'clicks' | 'demand' | null>(null);
  const toggle = (which: 'clicks' | 'demand') => (on: boolean) => setOverlay(on ? which : null);
  const clicks = useClickShading(
    id,
    session !== null && seesStatistics(session),
    overlay === 'clicks',
    toggle('clicks'),
  );
  const demand = useDemandShading(id, can('interest.read'), overlay === 'demand', toggle('demand'));
  const styles = useProjectStyles(id);
  // The apartments table's "Place on the plan" starts the plan's placing loop (ADR 029).
  const [placeRequest, setPlaceRequest] = useState(0);
  const mergedStyles = useMemo(() => mergeStyles(DEFAULT_STYLES, styles.data ?? []), [styles.data]);

  const notFound = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 422);
  if (!isProjectId(id) || notFound(project.error)) return <ProjectNotFound />;
  // Styles load beside the project, so a big plan is coloured once; failing, the defaults apply.
  if (project.isPending || settings.isPending || styles.isPending) return <PageLoader />;
  if (project.isError) {
    return (
      <Alert color="red" title={t('projects.view.loadFailed')} role="alert">
        {errorMessage(project.error)}
      </Alert>
    );
  }
  const p = project.data;
  // Settings that cannot be read keep the page: plan and apartments show with the defaults
  // and a notice says so; their form waits for the real values, so nothing is saved over them.
  const s = settings.data?.values ?? DEFAULT_SETTINGS;
  const settingsNotice = settings.isError && (
    <Alert color="yellow" title={t('projects.view.settingsFailed')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t('projects.view.settingsFailedDescription')} {errorMessage(settings.error)}
        </Text>
        <Button
          size="xs"
          variant="default"
          onClick={() => void settings.refetch()}
          loading={settings.isFetching}
        >
          {t('projects.view.retry')}
        </Button>
      </Stack>
    </Alert>
  );

  return (
    <Stack gap={0}>
      <Anchor component={Link} to={paths.projects()} size="sm" mb={4} w="fit-content">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('projects.view.backToProjects')}
        </Group>
      </Anchor>
      <PageHeader
        title={p.name}
        actions={
          can('project.delete', p) ? (
            <>
              <StylesButton project={p} />
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
              <DeleteProjectButton
                project={p}
                onDeleted={() => navigate(paths.projects(), { replace: true })}
              />
            </>
          ) : undefined
        }
      />
      <Group gap="sm" mt={-8} mb="lg">
        <ProjectTypeBadge type={p.type} />
        {can('project.editCore', p) && (
          <Text size="sm" c="dimmed">
            {t('projects.view.owner', { name: fullName(p.user) })}
          </Text>
        )}
      </Group>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List aria-label={t('projects.tabs.label')}>
          <Tabs.Tab value="project">
            {t(p.type === 'tomter' ? 'projects.tabs.projectTomter' : 'projects.tabs.project')}
          </Tabs.Tab>
          {hasTab('interest') && <Tabs.Tab value="interest">{t('projects.tabs.interest')}</Tabs.Tab>}
          {hasTab('holds') && <Tabs.Tab value="holds">{t('projects.tabs.holds')}</Tabs.Tab>}
          {hasTab('releases') && <Tabs.Tab value="releases">{t('projects.tabs.releases')}</Tabs.Tab>}
          <Tabs.Tab value="settings">{t('projects.tabs.settings')}</Tabs.Tab>
          {hasTab('svg') && <Tabs.Tab value="svg">{t('projects.tabs.svg')}</Tabs.Tab>}
          {hasTab('sun') && <Tabs.Tab value="sun">{t('projects.tabs.sun')}</Tabs.Tab>}
          {hasTab('buildings') && <Tabs.Tab value="buildings">{t('projects.tabs.buildings')}</Tabs.Tab>}
          {hasTab('webhooks') && <Tabs.Tab value="webhooks">{t('projects.tabs.webhooks')}</Tabs.Tab>}
          <Tabs.Tab value="code">{t('projects.tabs.code')}</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="project" pt="lg">
          <Stack gap="xl">
            {settingsNotice}
            <PlanViewer
              project={p}
              settings={s}
              apartments={apartments.data ?? []}
              styles={mergedStyles}
              renderApartmentForm={(slot) => <ApartmentForm project={p} settings={s} {...slot} />}
              headerExtra={
                <>
                  {clicks.control}
                  {demand.control}
                </>
              }
              shading={clicks.shading ?? demand.shading}
              placeRequest={placeRequest}
            />
            <ApartmentsPanel
              project={p}
              settings={s}
              onPlaceOnPlan={() => setPlaceRequest((n) => n + 1)}
              heldUntil={heldUntil}
              onReserve={can('holds.place') ? (a) => setReserving(a.id) : undefined}
            />
            <HoldForm
              key={reserving ?? 'none'}
              projectId={p.id}
              apartments={apartments.data ?? []}
              defaultDays={Number(s.reservation_days)}
              opened={reserving !== null}
              apartmentId={reserving ?? undefined}
              onClose={() => setReserving(null)}
              onChanged={onHoldChanged}
              people={people.data}
            />
          </Stack>
        </Tabs.Panel>
        {hasTab('holds') && (
          <Tabs.Panel value="holds" pt="lg">
            <HoldsBoard
              projectId={p.id}
              apartments={apartments.data ?? []}
              defaultDays={Number(s.reservation_days)}
              onChanged={onHoldChanged}
              people={people.data}
            />
          </Tabs.Panel>
        )}
        {hasTab('releases') && (
          <Tabs.Panel value="releases" pt="lg">
            <ReleasesPanel projectId={p.id} apartments={apartments.data ?? []} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="settings" pt="lg">
          <Stack gap="xl">
            {settingsNotice}
            {settings.data && (
              <ProjectDetailsForm project={p} settings={s} versions={settings.data.versions} />
            )}
          </Stack>
        </Tabs.Panel>
        {hasTab('interest') && (
          <Tabs.Panel value="interest" pt="lg">
            <InterestPanel
              projectId={p.id}
              apartments={apartments.data ?? []}
              collecting={s.interest_enabled === '1'}
              onOpenSettings={() => setTab('settings')}
            />
          </Tabs.Panel>
        )}
        {hasTab('svg') && (
          <Tabs.Panel value="svg" pt="lg">
            <PlanFilesManager projectId={p.id} />
          </Tabs.Panel>
        )}
        {hasTab('sun') && (
          <Tabs.Panel value="sun" pt="lg">
            <SunStudyManager projectId={p.id} />
          </Tabs.Panel>
        )}
        {hasTab('buildings') && (
          <Tabs.Panel value="buildings" pt="lg">
            <BuildingNumbersManager projectId={p.id} />
          </Tabs.Panel>
        )}
        {hasTab('webhooks') && (
          <Tabs.Panel value="webhooks" pt="lg">
            <WebhooksManager projectId={p.id} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="code" pt="lg">
          <CodeSnippet projectId={p.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
