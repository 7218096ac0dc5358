import { useState, type FormEvent } from 'react';
import { Autocomplete, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InterestEntry } from '@planvy/shared';
import { errorWithDetail } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useUpdateInterest } from '../api/update-interest';

function EditForm({
  projectId,
  entry,
  tiers,
  onClose,
}: {
  projectId: number;
  entry: InterestEntry;
  tiers: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateInterest(projectId);
  const [tier, setTier] = useState(entry.tier ?? '');
  const [notes, setNotes] = useState(entry.notes ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: entry.id, tier: tier.trim() || null, notes: notes.trim() ? notes : null },
      {
        onSuccess: () => {
          toast.success(t('interest.edit.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {entry.email}
        </Text>
        <Autocomplete
          label={t('interest.edit.tier')}
          description={t('interest.edit.tierHint')}
          value={tier}
          onChange={setTier}
          data={tiers}
          maxLength={60}
          data-autofocus
        />
        <Textarea
          label={t('interest.edit.notes')}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          rows={4}
          maxLength={5000}
        />
        {update.isError && (
          <Text size="sm" c="red" role="alert">
            {errorWithDetail(update.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('interest.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('interest.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Tier (for example "Medlemmar först") and notes of one entry. */
export function EditInterestModal({
  projectId,
  entry,
  tiers,
  onClose,
}: {
  projectId: number;
  entry: InterestEntry | null;
  tiers: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry ? entry.name : t('interest.edit.button')}>
      {entry && (
        <EditForm key={entry.id} projectId={projectId} entry={entry} tiers={tiers} onClose={onClose} />
      )}
    </Modal>
  );
}
