import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { useEffect } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUiLanguage } from '../../../hooks/use-ui-language';
import { useSearchParams } from 'react-router';
import { dateInZone, excelCsv } from '@planvy/shared';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { useAllSum } from '../api/get-all-sum';
import { useDailyClicks } from '../api/get-daily-clicks';
import { useMostClicked } from '../api/get-most-clicked';
import { usePerProject } from '../api/get-per-project';
import { useStatusHistory } from '../api/get-status-history';
import { useTopApartments } from '../api/get-top-apartments';
import { dashboardCsvRows } from '../dashboard-csv';
import { filtersToParams, parseFilters, rangeOf, type DashboardFilters } from '../dashboard-filters';
import { statusLabels } from '../statistics-shaping';
import { ClicksCard } from './clicks-card';
import { DashboardFiltersBar } from './dashboard-filters-bar';
import { MostClickedCard } from './most-clicked-card';
import { ProjectBarsCard } from './project-bars-card';
import { SalesProgressCard } from './sales-progress-card';
import { StatusDonutCard } from './status-donut-card';
import { SummaryStats } from './summary-stats';
import { TopApartmentsCard } from './top-apartments-card';

/**
 * /dashboard: the spec's donut, per-project bars and most-clicked card, and the analytics
 * around them (clicks per day, top apartments, sales progress), for every project the
 * user reaches or one, over 7, 30 or 90 days or a chosen range. The choice is in the URL.
 */
export function StatisticsDashboard() {
  const { t } = useTranslation();
  const lang = useUiLanguage();
  const [params, setParams] = useSearchParams();
  const today = dateInZone(new Date());
  const filters = parseFilters(params, today);
  const range = rangeOf(filters.range, today);
  const { project } = filters;

  const perProject = usePerProject();
  const allSum = useAllSum(project);
  const mostClicked = useMostClicked(project);
  const clicks = useDailyClicks(project, range);
  const top = useTopApartments(project, range);
  const history = useStatusHistory(project, range);

  const setFilters = (next: DashboardFilters) => setParams(filtersToParams(next), { replace: true });
  const projects = perProject.data?.map((p) => ({ id: p.id, name: p.name }));
  const unknownProject =
    project !== null && projects !== undefined && !projects.some((p) => p.id === project);
  // A project that is gone (or never was this user's) falls back to every project.
  useEffect(() => {
    if (unknownProject) setParams(filtersToParams({ ...filters, project: null }), { replace: true });
  });

  const shownProjects = perProject.data?.filter((p) => project === null || p.id === project);
  const labels = shownProjects && statusLabels(shownProjects, lang);

  const queries = [perProject, allSum, mostClicked, clicks, top, history];
  const exportCsv = () => {
    const rows = dashboardCsvRows(
      {
        range,
        projectName: projects?.find((p) => p.id === project)?.name ?? t('statistics.filters.allProjects'),
        createdAt: new Date().toISOString().slice(0, 16).replace('T', ' '),
        allSum: allSum.data,
        perProject: shownProjects,
        labels,
        mostClicked: mostClicked.data,
        clicks: clicks.data,
        top: top.data,
        history: history.data,
      },
      t,
      lang,
    );
    const bytes = excelCsv(rows);
    saveFile(
      new Blob([bytes.buffer as ArrayBuffer], { type: 'text/csv;charset=utf-16le' }),
      `${t('statistics.csv.fileName')}-${range.from}-${range.to}.csv`,
    );
    toast.success(t('statistics.filters.exported'));
  };

  return (
    <Stack gap="md">
      <DashboardFiltersBar
        filters={filters}
        range={range}
        today={today}
        projects={projects}
        lang={lang}
        onChange={setFilters}
        onExport={exportCsv}
        canExport={queries.every((q) => q.isSuccess && !q.isPlaceholderData)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <SummaryStats allSum={allSum} perProject={perProject} clicks={clicks} project={project} lang={lang} />
        <MostClickedCard query={mostClicked} lang={lang} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <StatusDonutCard query={allSum} labels={labels} lang={lang} />
        <ProjectBarsCard query={perProject} project={project} lang={lang} />
      </SimpleGrid>
      <ClicksCard query={clicks} lang={lang} />
      <TopApartmentsCard query={top} lang={lang} />
      <SalesProgressCard query={history} lang={lang} />
    </Stack>
  );
}
