import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import type { PlanFile, PlanSummary } from '@planvy/shared';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSetPlanImage } from '../api/set-plan-image';

/** Select values cannot be empty strings; this one stands for "no background image". */
const NONE = '__none__';

/** Edit SVG: a background image (or none) for each plan, saved together. */
export function PlanBackgroundsForm({
  projectId,
  plans,
  images,
  onDone,
}: {
  projectId: number;
  plans: PlanSummary[];
  images: PlanFile[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const setImage = useSetPlanImage(projectId);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const valueOf = (plan: PlanSummary) => chosen[plan.name] ?? (plan.data || NONE);
  const changed = plans.filter((p) => valueOf(p) !== (p.data || NONE));
  const options = [
    { value: NONE, label: t('plans.backgrounds.none') },
    ...images.map((image) => ({ value: image.name, label: image.name })),
  ];

  const save = async () => {
    setSaving(true);
    try {
      for (const plan of changed) {
        const value = valueOf(plan);
        await setImage.mutateAsync({ svgName: plan.name, fileName: value === NONE ? '' : value });
      }
      setChosen({});
      toast.success(t('plans.backgrounds.saved'));
      onDone();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="plan-backgrounds-title">
      <Stack gap="md">
        <div>
          <Title order={3} size="h5" id="plan-backgrounds-title">
            {t('plans.backgrounds.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('plans.backgrounds.description')}
          </Text>
        </div>
        {plans.length === 0 ? (
          <Alert color="gray">{t('plans.backgrounds.noPlans')}</Alert>
        ) : (
          <>
            {images.length === 0 && <Alert color="gray">{t('plans.backgrounds.noImages')}</Alert>}
            <Stack gap="sm">
              {plans.map((plan) => (
                <Select
                  key={plan.id}
                  label={t('plans.backgrounds.label', { name: plan.title })}
                  data={options}
                  value={valueOf(plan)}
                  allowDeselect={false}
                  disabled={saving}
                  onChange={(value) => setChosen((c) => ({ ...c, [plan.name]: value ?? NONE }))}
                  maw={520}
                />
              ))}
            </Stack>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onDone} disabled={saving}>
                {t('plans.upload.close')}
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                disabled={changed.length === 0}
                loading={saving}
                onClick={() => void save()}
              >
                {t('plans.backgrounds.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
