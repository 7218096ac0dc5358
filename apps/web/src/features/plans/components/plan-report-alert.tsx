import { memo, useState } from 'react';
import { Alert, Anchor, Collapse, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import type { PlanReport } from '@planvy/shared';

/** How many things the check found, in all. */
export function reportProblemCount(report: PlanReport): number {
  return (
    report.unknown_zones.length +
    report.apartments_without_zone.length +
    report.duplicate_ids.length +
    report.broken_links.length
  );
}

/** Lists at most this many entries per kind; a plan may report thousands. */
const MAX_LISTED = 50;

function Listed({ items }: { items: string[] }) {
  const shown = items.slice(0, MAX_LISTED);
  return (
    <List size="sm" spacing={2} withPadding>
      {shown.map((item, i) => (
        <List.Item key={`${item}-${i}`}>{item}</List.Item>
      ))}
      {items.length > shown.length && <List.Item>… (+{items.length - shown.length})</List.Item>}
    </List>
  );
}

/**
 * The check the server runs after every upload and save: zones whose id matches no
 * apartment, apartments on no plan, duplicate ids and links to missing plans.
 */
export const PlanReportAlert = memo(function PlanReportAlert({
  name,
  report,
  onClose,
}: {
  name: string;
  report: PlanReport;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const problems = reportProblemCount(report);
  const sections = [
    { key: 'unknownZones', items: report.unknown_zones },
    {
      key: 'apartmentsWithoutZone',
      items: report.apartments_without_zone.map((a) =>
        t('plans.report.apartment', { bostad: a.bostad, id: a.id }),
      ),
    },
    { key: 'duplicateIds', items: report.duplicate_ids },
    {
      key: 'brokenLinks',
      items: report.broken_links.map((l) => t('plans.report.brokenLink', { zone: l.zone, target: l.target })),
    },
  ] as const;

  return (
    <Alert
      color={problems ? 'yellow' : 'teal'}
      variant="light"
      title={t('plans.report.title', { name })}
      icon={problems ? <IconAlertTriangle aria-hidden /> : <IconCircleCheck aria-hidden />}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel={t('plans.report.close')}
      onClose={onClose}
      role="status"
    >
      {problems === 0 ? (
        <Text size="sm">{t('plans.report.ok')}</Text>
      ) : (
        <Stack gap={4}>
          {sections.map(({ key, items }) => (
            <div key={key}>
              <Text size="sm" fw={items.length ? 600 : 400} c={items.length ? undefined : 'dimmed'}>
                {t(`plans.report.${key}`, { count: items.length })}
              </Text>
              {items.length > 0 && (
                <Collapse expanded={open}>
                  <Listed items={[...items]} />
                </Collapse>
              )}
            </div>
          ))}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            style={{ alignSelf: 'flex-start' }}
          >
            {open ? t('plans.report.hideDetails') : t('plans.report.showDetails')}
          </Anchor>
        </Stack>
      )}
    </Alert>
  );
});
