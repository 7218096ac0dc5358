import { memo, useMemo, useState } from 'react';
import { Accordion, Alert, List, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { useUiLanguage } from '../../../hooks/use-ui-language';
import {
  DISTINCT_DELTA_E,
  STATUSES,
  STYLE_GROUPS,
  STYLE_KEYS,
  styleKey,
  styleLabel,
  styleStatusName,
  statusesFor,
  type ProjectType,
  type StyleGroup,
  type StyleProblem,
} from '@planvy/shared';
import type { ContrastWarning, StyleDraft, ZoneColourWarning } from '../style-draft';
import { StatusStyleRow } from './status-style-row';
import { StyleField } from './style-field';

/** Status fills first (the colours people recognise), then neutrals. */
const SWATCHES = [
  ...new Set([...STATUSES.map((s) => s.color), '#9e9e9e', '#ffffff', '#f4f5f7', '#1d2330', '#000000']),
];

export interface StyleControlsProps {
  projectType: ProjectType;
  draft: StyleDraft;
  problems: ReadonlyMap<string, StyleProblem>;
  warnings: readonly ContrastWarning[];
  /** Zone colours hard to tell apart from each other or from the plan. */
  zoneWarnings: readonly ZoneColourWarning[];
  onChange: (name: string, value: string) => void;
}

/**
 * Every style key in the designer's groups (Statuses, Page and text, Filters and list,
 * Labels and title). Statuses show the project type's own by default; themes are shared
 * across types, so the others are a switch away.
 */
export const StyleControls = memo(function StyleControls({
  projectType,
  draft,
  problems,
  warnings,
  zoneWarnings,
  onChange,
}: StyleControlsProps) {
  const { t, i18n } = useTranslation();
  const lang = useUiLanguage();
  const [allStatuses, setAllStatuses] = useState(false);

  const own = useMemo(() => new Set(statusesFor(projectType).map((s) => s.alias)), [projectType]);
  const lowContrast = useMemo(() => new Map(warnings.map((w) => [w.background, w.ratio])), [warnings]);
  const field = (name: string) => {
    const def = styleKey(name)!;
    return {
      def,
      label: styleLabel(def, lang, projectType),
      value: draft[name] ?? '',
      problem: problems.get(name),
    };
  };

  const statusRows = STYLE_KEYS.filter(
    (k) => k.attr === 'svg' && k.status && (allStatuses || k.status === 'inactive' || own.has(k.status)),
  ).map((fill) => {
    const title = styleStatusName(fill.status!, lang, projectType);
    const f = field(fill.name);
    const x = field(`${fill.key}-font`);
    return (
      <StatusStyleRow
        key={fill.name}
        title={title}
        fill={f.def}
        fillLabel={f.label}
        fillValue={f.value}
        fillProblem={f.problem}
        text={x.def}
        textLabel={x.label}
        textValue={x.value}
        textProblem={x.problem}
        lowContrast={lowContrast.get(fill.name) ?? null}
        swatches={SWATCHES}
        onChange={onChange}
      />
    );
  });

  const plainFields = (group: StyleGroup) =>
    STYLE_KEYS.filter((k) => k.group === group && !k.status).map((k) => (
      <StyleField key={k.name} {...field(k.name)} swatches={SWATCHES} onChange={onChange} />
    ));

  const pageContrast = lowContrast.get('main-background');
  const number = (n: number) => n.toLocaleString(i18n.resolvedLanguage, { maximumFractionDigits: 1 });
  const statusName = (fill: string) => styleStatusName(styleKey(fill)!.status!, lang, projectType);
  const zoneAlert = zoneWarnings.length > 0 && (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('styles.zoneColours.title')}
      role="status"
    >
      <List size="sm" spacing={2}>
        {zoneWarnings.map((w) => (
          <List.Item key={`${w.fill} ${w.other}`}>
            {w.other === 'plan-background'
              ? t('styles.zoneColours.plan', {
                  a: statusName(w.fill),
                  delta: number(w.deltaE),
                  min: DISTINCT_DELTA_E,
                })
              : t('styles.zoneColours.pair', {
                  a: statusName(w.fill),
                  b: statusName(w.other),
                  delta: number(w.deltaE),
                  min: DISTINCT_DELTA_E,
                })}
          </List.Item>
        ))}
      </List>
      <Text size="xs" mt={6}>
        {t('styles.zoneColours.hint')}
      </Text>
    </Alert>
  );

  return (
    <Accordion multiple defaultValue={['statuses']} variant="separated" chevronPosition="right">
      {STYLE_GROUPS.map((group) => (
        <Accordion.Item key={group} value={group}>
          <Accordion.Control>{t(`styles.groups.${group}`)}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t(`styles.groupDescriptions.${group}`)}
              </Text>
              {group === 'statuses' && (
                <>
                  <Switch
                    label={t('styles.showAllStatuses')}
                    checked={allStatuses}
                    onChange={(e) => setAllStatuses(e.currentTarget.checked)}
                  />
                  {zoneAlert}
                  {statusRows}
                </>
              )}
              {group === 'page' && pageContrast !== undefined && (
                <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="status">
                  {t('styles.contrastPage', { ratio: number(pageContrast) })}
                </Alert>
              )}
              {plainFields(group)}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
});
