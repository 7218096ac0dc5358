import { useId } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconCode, IconCopy } from '../../../components/ui/icons';
import { useProjectCode } from '../api/get-project-code';
import classes from './code-snippet.module.css';

interface SnippetCardProps {
  title: string;
  description: string;
  code: string;
  badge?: string;
  /** A note under the code. */
  note?: string;
}

function SnippetCard({ title, description, code, badge, note }: SnippetCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div className={classes.heading}>
            <Group gap="xs">
              <Title order={2} size="h4" id={titleId}>
                {title}
              </Title>
              {badge && (
                <Badge variant="light" radius="sm" tt="none">
                  {badge}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <CopyButton value={code} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'default'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                style={{ flexShrink: 0 }}
              >
                {copied ? t('projects.code.copied') : t('projects.code.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Code block className={classes.code}>
          {code}
        </Code>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The Code snippet tab: both embed snippets, each with a copy button (spec §2, §8 "code not found"). */
export function CodeSnippet({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const code = useProjectCode(projectId);

  if (code.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('app.loading')}>
        <Skeleton height={140} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    );
  }

  if (code.isError || (!code.data.full.trim() && !code.data.iframe.trim())) {
    return (
      <Alert color="gray" variant="light" icon={<IconCode aria-hidden />} title={t('projects.code.notFound')}>
        {t('projects.code.notFoundDescription')}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t('projects.code.intro')}</Text>
      {code.data.full.trim() && (
        <SnippetCard
          title={t('projects.code.fullTitle')}
          badge={t('projects.code.fullBadge')}
          description={t('projects.code.fullDescription')}
          code={code.data.full}
          note={t('projects.code.eventsHint')}
        />
      )}
      {code.data.iframe.trim() && (
        <SnippetCard
          title={t('projects.code.iframeTitle')}
          description={t('projects.code.iframeDescription')}
          code={code.data.iframe}
        />
      )}
    </Stack>
  );
}
