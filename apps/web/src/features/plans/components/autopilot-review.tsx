import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Drawer, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Apartment } from '@planvy/shared';
import type { AutopilotProposal, AutopilotResult } from '@planvy/shared/plan/autopilot';

export interface AutopilotReviewProps {
  /** The run to review; null when the screen is closed. */
  result: AutopilotResult<Apartment> | null;
  /** Lights these shapes on the plan (the ticked proposals). */
  onLight: (shapes: Element[]) => void;
  /** Zooms to a shape. */
  onReveal: (shape: Element) => void;
  /** Attaches the ticked proposals in one save. */
  onAccept: (proposals: AutopilotProposal<Apartment>[]) => void;
  onClose: () => void;
}

/**
 * The autopilot's one confirm screen (ADR 029): every proposal with its apartment, where it
 * came from and what speaks against it, ticked when nothing does; what was ambiguous or not
 * found. A drawer beside the plan, without an overlay, so the lit shapes stay in view.
 */
export function AutopilotReview({ result, onLight, onReveal, onAccept, onClose }: AutopilotReviewProps) {
  const { t } = useTranslation();
  const [unticked, setUnticked] = useState<ReadonlySet<Element>>(new Set());
  useEffect(() => {
    setUnticked(new Set(result?.proposals.filter((p) => p.confidence !== 'high').map((p) => p.shape)));
  }, [result]);
  const ticked = useMemo(
    () => result?.proposals.filter((p) => !unticked.has(p.shape)) ?? [],
    [result, unticked],
  );
  useEffect(() => {
    onLight(ticked.map((p) => p.shape));
  }, [ticked, onLight]);

  const toggle = (shape: Element, on: boolean) =>
    setUnticked((prev) => {
      const next = new Set(prev);
      if (on) next.delete(shape);
      else next.add(shape);
      return next;
    });
  const noShape = result?.notFound.filter((n) => n.reason === 'no-shape') ?? [];
  const noLabel = result ? result.notFound.length - noShape.length : 0;

  return (
    <Drawer
      opened={result !== null}
      onClose={onClose}
      position="right"
      size="md"
      withOverlay={false}
      lockScroll={false}
      title={t('plans.autopilot.title')}
    >
      {result && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color="teal" variant="light">
              {t('plans.autopilot.matched', { count: result.proposals.length })}
            </Badge>
            <Badge color="yellow" variant="light">
              {t('plans.autopilot.ambiguous', { count: result.ambiguous.length })}
            </Badge>
            <Badge color="gray" variant="light">
              {t('plans.autopilot.notFound', { count: result.notFound.length })}
            </Badge>
            <Badge color="gray" variant="outline">
              {t('plans.autopilot.placed', { count: result.placed.length })}
            </Badge>
          </Group>
          {result.proposals.length === 0 ? (
            <Alert color="gray" variant="light">
              {t('plans.autopilot.nothing')}
            </Alert>
          ) : (
            <Text size="sm">{t('plans.autopilot.intro')}</Text>
          )}
          <ScrollArea.Autosize mah="55vh" type="auto">
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {result.proposals.map((p) => (
                <li key={p.apartment.id}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Checkbox
                      checked={!unticked.has(p.shape)}
                      onChange={(e) => toggle(p.shape, e.currentTarget.checked)}
                      label={p.apartment.bostad}
                      description={[
                        t(p.source === 'text' ? 'plans.autopilot.fromText' : 'plans.autopilot.fromName'),
                        ...p.warnings.map((w) => t(`plans.pick.${w}`)),
                      ].join(' · ')}
                      color={p.warnings.length ? 'yellow' : undefined}
                    />
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => onReveal(p.shape)}
                      aria-label={t('plans.autopilot.showApartment', { bostad: p.apartment.bostad })}
                    >
                      {t('plans.autopilot.show')}
                    </Button>
                  </Group>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {(result.ambiguous.length > 0 || noShape.length > 0) && (
            <Alert color="yellow" variant="light">
              <Stack gap={2}>
                {result.ambiguous.map((a) => (
                  <Text size="sm" key={`a${a.apartment.id}`}>
                    {t(
                      a.reason === 'shared-shape'
                        ? 'plans.autopilot.sharedShape'
                        : 'plans.autopilot.severalPlaces',
                      { bostad: a.apartment.bostad },
                    )}
                  </Text>
                ))}
                {noShape.map((n) => (
                  <Text size="sm" key={`n${n.apartment.id}`}>
                    {t('plans.autopilot.noShape', { bostad: n.apartment.bostad })}
                  </Text>
                ))}
              </Stack>
            </Alert>
          )}
          {noLabel > 0 && (
            <Text size="sm" c="dimmed">
              {t('plans.autopilot.notOnPlan', { count: noLabel })}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('plans.autopilot.cancel')}
            </Button>
            <Button disabled={ticked.length === 0} onClick={() => onAccept(ticked)}>
              {t('plans.autopilot.accept', { count: ticked.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
