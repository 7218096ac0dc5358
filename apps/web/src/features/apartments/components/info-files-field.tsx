import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Anchor, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconFileText, IconPlus, IconX } from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import { APARTMENT_LIMITS, isWebUrl, linkHref, type InfoEntry } from '@planvy/shared';

interface InfoFilesFieldProps {
  value: InfoEntry[];
  onChange: (value: InfoEntry[]) => void;
  error?: React.ReactNode;
  disabled?: boolean;
}

/** The apartment's info file URLs: add one at a time (spec §5: not empty), remove any. */
export function InfoFilesField({ value, onChange, error, disabled }: InfoFilesFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const text = draft.trim();
  const full = value.length >= APARTMENT_LIMITS.infoFiles;
  // The API's rule (web-links.ts): only http(s) addresses are info files.
  const draftError = text && !isWebUrl(text) ? t('apartments.validation.webUrl') : null;

  const add = () => {
    if (!text || full || draftError) return;
    onChange([...value, { url: text }]);
    setDraft('');
  };
  // Enter adds the URL instead of submitting the whole form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <Input.Wrapper label={t('apartments.fields.info')} labelElement="div" error={error}>
      <Stack gap="xs" mt={4} role="group" aria-label={t('apartments.fields.info')}>
        {value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('apartments.form.infoEmpty')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {value.map((entry, index) => (
              <Group key={`${index}-${entry.url}`} component="li" gap="xs" wrap="nowrap">
                <IconFileText size={16} aria-hidden style={{ flex: 'none' }} />
                {linkHref(entry.url) ? (
                  <Anchor href={entry.url} target="_blank" rel="noopener noreferrer" size="sm" truncate="end">
                    {entry.url}
                  </Anchor>
                ) : (
                  // Stored before the rule: shown, never as a link, and refused on save until removed.
                  <Text size="sm" c="red" truncate="end">
                    {entry.url}
                  </Text>
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  ml="auto"
                  disabled={disabled}
                  aria-label={t('apartments.form.infoRemove', { url: entry.url })}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('apartments.form.infoUrl')}
            placeholder={t('apartments.form.infoUrlPlaceholder')}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            maxLength={APARTMENT_LIMITS.link}
            error={draftError}
            disabled={disabled || full}
            style={{ flex: 1 }}
            size="sm"
          />
          <Button
            variant="default"
            size="sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={add}
            disabled={disabled || !text || full || draftError !== null}
          >
            {t('apartments.form.infoAdd')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
