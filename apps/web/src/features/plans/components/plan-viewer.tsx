import { useCan } from '../../../hooks/use-can';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, EmptyState, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '../../../components/ui/icons';
import { confirmOverPlan } from './confirm-over-plan';
import { IconFileVector } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import {
  applyStyles,
  backTarget,
  DEFAULT_STYLES,
  followLink,
  goBack,
  startTrail,
  type Apartment,
  type PlanTrail,
  type Project,
  type ProjectSettings,
  type StyleTriple,
} from '@planvy/shared';
import { errorMessage } from '../../../lib/error-message';
import { usePlans } from '../api/get-plans';
import { usePlacementLoop } from '../hooks/use-placement-loop';
import { PlanWorkspace } from './plan-workspace';
import classes from './plan-viewer.module.css';
import type { ApartmentFormSlot, PlanShading } from '../types';

export interface PlanViewerProps {
  project: Project;
  settings: ProjectSettings;
  apartments: Apartment[];
  /** The route renders the apartments feature's form here; features do not import each other. */
  renderApartmentForm: (slot: ApartmentFormSlot) => ReactNode;
  /** Controls the route adds to the viewer's header (the click overlay switch). */
  headerExtra?: ReactNode;
  shading?: PlanShading | null;
  /** The project's merged styles: zones and the legend take its status colours. Keep it stable. */
  styles?: readonly StyleTriple[];
  /** Raised (a counter) to start placing the apartments on no plan on the plan shown (ADR 029). */
  placeRequest?: number;
}

/**
 * The plans of the Project tab: a button per plan, by its name (ADR 025), switches between
 * the project's plans, and the chosen one is shown (and, for admins, edited) in a PlanWorkspace.
 */
export function PlanViewer({
  project,
  settings,
  apartments,
  renderApartmentForm,
  headerExtra,
  shading = null,
  styles = DEFAULT_STYLES,
  placeRequest = 0,
}: PlanViewerProps) {
  const { t } = useTranslation();
  const can = useCan();
  // Custom properties through the CSSOM, inherited by the stage's shadow root and the legend.
  const colourRoot = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (colourRoot.current) applyStyles(colourRoot.current.style, styles);
  }, [styles]);
  const plans = usePlans(project.id);
  /** The plan shown, and the plans whose links led here (site → building → floor). */
  const [trail, setTrail] = useState<PlanTrail<number> | null>(null);
  const dirty = useRef(false);
  const list = plans.data ?? [];
  const plan = list.find((p) => p.id === trail?.current) ?? list[0];
  const previous = trail ? list.find((p) => p.id === backTarget(trail)) : undefined;

  /** Shows another plan, asking first when this one has unsaved changes. */
  const show = (next: (trail: PlanTrail<number>) => PlanTrail<number>) => {
    const go = () => setTrail((current) => next(current ?? startTrail(plan?.id ?? 0)));
    if (!dirty.current) {
      go();
      return;
    }
    confirmOverPlan({
      title: t('plans.viewer.discardTitle'),
      children: <Text size="sm">{t('plans.viewer.discardConfirm')}</Text>,
      labels: { confirm: t('plans.viewer.discardButton'), cancel: t('plans.popup.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        dirty.current = false;
        go();
      },
    });
  };
  const choose = (id: number) => {
    if (id !== plan?.id) show(() => startTrail(id));
  };
  /** "Find on plan" chose an apartment drawn on another plan: open that plan, then its zone. */
  const [reveal, setReveal] = useState<number | null>(null);
  const findElsewhere = (planName: string, apartmentId: number) => {
    const target = list.find((p) => p.name === planName);
    if (!target || target.id === plan?.id) return;
    setReveal(apartmentId);
    show(() => startTrail(target.id));
  };
  const revealed = useCallback(() => setReveal(null), []);

  // "Place the next apartment" (ADR 029) runs over the project's plans: it stays on when another
  // plan is opened. Asked from the apartments table, the plan comes into view and the loop starts.
  const loop = usePlacementLoop(apartments);
  const editsPlans = can('plan.edit', project);
  const { start: startLoop } = loop;
  const placeHandled = useRef(placeRequest);
  useEffect(() => {
    if (placeRequest === placeHandled.current) return;
    placeHandled.current = placeRequest;
    colourRoot.current?.scrollIntoView({ block: 'start' });
    if (editsPlans) startLoop();
  }, [placeRequest, editsPlans, startLoop]);

  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  return (
    <Paper
      ref={colourRoot}
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="plan-viewer-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} size="h4" id="plan-viewer-title">
            {t('plans.viewer.title')}
          </Title>
          {headerExtra}
          {list.length > 0 && plan && (
            <Group gap="sm" wrap="wrap">
              <div className={classes.pages} role="group" aria-label={t('plans.viewer.pages')}>
                {list.map((p) => (
                  <Button
                    key={p.id}
                    size="compact-md"
                    miw={36}
                    variant={p.id === plan.id ? 'filled' : 'default'}
                    aria-pressed={p.id === plan.id}
                    onClick={() => choose(p.id)}
                  >
                    {p.title}
                  </Button>
                ))}
              </div>
            </Group>
          )}
        </Group>
        {plan && (
          <Group gap="sm" justify="space-between">
            <Text size="sm" c="dimmed" data-testid="plan-file-name">
              {t('plans.viewer.file', { title: plan.title, name: plan.name })}
            </Text>
            {previous && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconArrowLeft size={14} aria-hidden />}
                onClick={() => show(goBack)}
              >
                {t('plans.viewer.back', { name: previous.title })}
              </Button>
            )}
          </Group>
        )}

        {plans.isPending ? (
          <Skeleton height={420} radius="md" />
        ) : plans.isError ? (
          <Alert color="red" title={t('plans.viewer.loadFailed')} role="alert">
            {errorMessage(plans.error)}
          </Alert>
        ) : !plan ? (
          <EmptyState icon={<IconFileVector aria-hidden />} py="lg">
            <EmptyState.Title order={3}>{t('plans.viewer.empty')}</EmptyState.Title>
            <EmptyState.Description>
              {can('plan.upload', project) ? t('plans.viewer.emptyAdmin') : t('plans.viewer.emptyClient')}
            </EmptyState.Description>
          </EmptyState>
        ) : (
          <PlanWorkspace
            key={plan.id}
            project={project}
            settings={settings}
            apartments={apartments}
            plan={plan}
            plans={list}
            renderApartmentForm={renderApartmentForm}
            shading={shading}
            onFollowLink={(name) => {
              const target = list.find((p) => p.name === name);
              if (target && target.id !== plan.id) show((current) => followLink(current, target.id));
            }}
            onDirtyChange={onDirtyChange}
            onFindElsewhere={findElsewhere}
            revealApartment={reveal}
            onRevealed={revealed}
            loop={loop}
          />
        )}
      </Stack>
    </Paper>
  );
}
