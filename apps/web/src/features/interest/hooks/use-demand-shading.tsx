import { useMemo, type ReactNode } from 'react';
import { ColorSwatch, Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clickShadeLevel, clickShadeSteps } from '@planvy/shared';
import { errorMessage } from '../../../lib/error-message';
import { useInterestDemand } from '../api/get-interest-demand';

export interface DemandShading {
  levels: ReadonlyMap<number, number>;
  describe: (apartmentId: number) => string;
  legend: ReactNode;
}

/**
 * The plan's demand layer (issue 23): while `on`, each apartment is shaded by how many
 * confirmed registrations name it, on the same scale as the click overlay. `allowed` is
 * whether the user may read the interest list at all.
 */
export function useDemandShading(
  projectId: number,
  allowed: boolean,
  on: boolean,
  setOn: (on: boolean) => void,
): { control: ReactNode; shading: DemandShading | null } {
  const { t } = useTranslation();
  const demand = useInterestDemand(projectId, allowed && on);
  const { data, isError, error } = demand;

  const shading = useMemo<DemandShading | null>(() => {
    if (!allowed || !on || (!data && !isError)) return null;
    const counts = new Map((data ?? []).map((d) => [d.apartment_id, d.count]));
    const max = Math.max(0, ...counts.values());
    const steps = clickShadeSteps(max);
    return {
      levels: new Map([...counts].map(([id, n]) => [id, clickShadeLevel(n, max)])),
      describe: (id) => t('interest.demand.zone', { count: counts.get(id) ?? 0 }),
      legend: isError ? (
        <Text size="xs" c="red" role="alert">
          {t('interest.demand.failed')}: {errorMessage(error)}
        </Text>
      ) : (
        <div data-testid="demand-legend">
          <Text size="xs" fw={600} mb={4}>
            {t('interest.demand.legend')}
          </Text>
          {max === 0 ? (
            <Text size="xs" c="dimmed">
              {t('interest.demand.empty')}
            </Text>
          ) : (
            <Group gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0, rowGap: 4 }}>
              {steps.map((step) => (
                <Group key={step.level} gap={6} component="li" wrap="nowrap">
                  <ColorSwatch color={step.color} size={12} withShadow={false} aria-hidden />
                  <Text size="xs" c="dimmed">
                    {step.min === step.max
                      ? t('interest.demand.levelOne', { count: step.max })
                      : t('interest.demand.level', { min: step.min, max: step.max })}
                  </Text>
                </Group>
              ))}
            </Group>
          )}
        </div>
      ),
    };
  }, [allowed, on, data, isError, error, t]);

  return {
    control: allowed ? (
      <Switch
        label={t('interest.demand.toggle')}
        checked={on}
        onChange={(event) => setOn(event.currentTarget.checked)}
        data-testid="demand-toggle"
      />
    ) : null,
    shading,
  };
}
