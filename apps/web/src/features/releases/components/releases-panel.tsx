import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { releasePath, type Apartment, type Release } from '@planvy/shared';
import { paths } from '../../../config/paths';
import { useCan } from '../../../hooks/use-can';
import { errorMessage } from '../../../lib/error-message';
import { useReleaseAction, type ReleaseAction } from '../api/change-release';
import { useCheckProtocol } from '../api/check-protocol';
import { useReleaseRun, useReleases } from '../api/get-releases';
import { ReleaseForm } from './release-form';
import { ReleaseRunTable } from './release-run-table';

export interface ReleasesPanelProps {
  projectId: number;
  apartments: readonly Apartment[];
}

/** The public protocol page anyone can open, download and re-run (ADR 039/040). */
export const protocolUrl = (id: number, lang: string) =>
  `/releases/${id}/protocol?lang=${lang === 'en' ? 'en' : 'sv'}`;

/** "Säljstart": the project's releases, each with its state, its buttons and its allocation (ADR 040). */
export function ReleasesPanel({ projectId, apartments }: ReleasesPanelProps) {
  const { t } = useTranslation();
  const can = useCan();
  const releases = useReleases(projectId);
  const [editing, setEditing] = useState<Release | 'new' | null>(null);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('releases.title')}</Title>
        {can('release.manage') && (
          <Button onClick={() => setEditing('new')}>{t('releases.actions.new')}</Button>
        )}
      </Group>
      {releases.isPending && <Skeleton h={120} />}
      {releases.error && (
        <Alert color="red" role="alert">
          {errorMessage(releases.error)}
        </Alert>
      )}
      {releases.data?.length === 0 && <Text c="dimmed">{t('releases.empty')}</Text>}
      {releases.data?.map((release) => (
        <ReleaseCard
          key={release.id}
          projectId={projectId}
          release={release}
          onEdit={() => setEditing(release)}
        />
      ))}
      {editing !== null && (
        <ReleaseForm
          projectId={projectId}
          apartments={apartments}
          release={editing === 'new' ? undefined : editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

interface Pending {
  action: ReleaseAction;
  title: string;
  text: string;
}

function ReleaseCard({
  projectId,
  release,
  onEdit,
}: {
  projectId: number;
  release: Release;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const act = useReleaseAction(projectId);
  const [pending, setPending] = useState<Pending | null>(null);
  const ranYet = ['allocated', 'offers_out', 'public', 'closed'].includes(release.state);
  const run = useReleaseRun(projectId, release.id, ranYet);
  const path = releasePath(release.mode);
  const manage = can('release.manage');
  const check = useCheckProtocol();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'sv-SE', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const stateName = (state: string) => t(`releases.states.${state}` as 'releases.states.draft');

  const ask = (action: ReleaseAction) => {
    act.reset();
    const next = release.next_state ? stateName(release.next_state) : '';
    setPending({
      action,
      title: t(`releases.confirm.${action}Title`, { name: release.name, next }),
      text: t(`releases.confirm.${action}Text`, { name: release.name, next }),
    });
  };
  const confirm = () => {
    if (!pending) return;
    const action = pending.action;
    act.mutate(
      { release, action },
      {
        onSuccess: () => {
          setPending(null);
          notifications.show({
            color: 'green',
            message: t(`releases.done.${action}`, { name: release.name }),
          });
        },
      },
    );
  };

  // The step button: not where the run or the approval moves the release on.
  const stepButton =
    manage &&
    release.next_state !== null &&
    !release.paused &&
    release.state !== 'wishes_closed' &&
    release.state !== 'allocated';
  const unapproved = run.data && !run.data.approved_at;

  return (
    <Paper withBorder p="md" component="section" aria-label={release.name}>
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={3}>{release.name}</Title>
            <Badge variant="light">{t(`releases.modes.${release.mode}`)}</Badge>
            {release.paused && <Badge color="orange">{t('releases.paused')}</Badge>}
          </Group>
          <Group gap="xs">
            {manage && release.state !== 'closed' && (
              <Button variant="default" onClick={onEdit}>
                {t('releases.actions.edit')}
              </Button>
            )}
            {can('release.pause') && release.state !== 'closed' && (
              <Button variant="default" onClick={() => ask(release.paused ? 'resume' : 'pause')}>
                {t(release.paused ? 'releases.actions.resume' : 'releases.actions.pause')}
              </Button>
            )}
          </Group>
        </Group>
        <Stepper active={path.indexOf(release.state)} size="xs" allowNextStepsSelect={false}>
          {path.map((state) => (
            <Stepper.Step key={state} label={stateName(state)} />
          ))}
        </Stepper>
        <Text size="sm" aria-live="polite">
          {t('releases.now', { state: stateName(release.state) })}
          {release.next_state &&
            (release.next_due_at
              ? ` ${t('releases.nextAt', { state: stateName(release.next_state), at: format.format(new Date(release.next_due_at)) })}`
              : '')}
        </Text>
        <Group gap="xs">
          {stepButton && (
            <Button onClick={() => ask('step')}>
              {t('releases.actions.step', { next: stateName(release.next_state!) })}
            </Button>
          )}
          {manage && !release.paused && release.state === 'wishes_closed' && (
            <Button onClick={() => ask('run')}>{t('releases.actions.run')}</Button>
          )}
          {manage && !release.paused && release.state === 'allocated' && unapproved && (
            <>
              <Button variant="default" onClick={() => ask('run')}>
                {t('releases.actions.rerun')}
              </Button>
              <Button color="green" onClick={() => ask('approve')}>
                {t('releases.actions.approve')}
              </Button>
            </>
          )}
        </Group>
        {['offers_out', 'public'].includes(release.state) && (
          <Anchor component={Link} to={paths.releaseConsole(projectId, release.id)} size="sm" fw={600}>
            {t('releases.consoleLink')}
          </Anchor>
        )}
        <Text size="sm">
          {t('releases.apartmentCount', { count: release.apartment_ids.length })} ·{' '}
          {t('releases.rulesVersion', { n: release.rules_version })}
        </Text>
        {release.seed_commitment && (
          <Stack gap={4}>
            <Text size="sm">{t('releases.commitment')}</Text>
            <Code block>{release.seed_commitment}</Code>
            <Anchor href={protocolUrl(release.id, i18n.language)} target="_blank" rel="noopener" size="sm">
              {t('releases.protocolLink')}
            </Anchor>
          </Stack>
        )}
        {run.data && (
          <Group gap="xs">
            <Button variant="light" loading={check.isPending} onClick={() => check.mutate(release.id)}>
              {t('releases.check.button')}
            </Button>
            {check.data && (
              <Text size="sm" role="status" c={check.data.valid ? 'green' : 'red'}>
                {check.data.valid
                  ? t('releases.check.valid')
                  : t('releases.check.invalid', { parts: check.data.mismatches.join(', ') })}
              </Text>
            )}
            {check.error && (
              <Text size="sm" role="status" c="red">
                {errorMessage(check.error)}
              </Text>
            )}
          </Group>
        )}
        {run.data && <ReleaseRunTable run={run.data} />}
      </Stack>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={pending?.title}>
        <Stack>
          {act.error && (
            <Alert color="red" role="alert">
              {errorMessage(act.error)}
            </Alert>
          )}
          <Text size="sm">{pending?.text}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('releases.actions.cancel')}
            </Button>
            <Button onClick={confirm} loading={act.isPending}>
              {t('releases.actions.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
