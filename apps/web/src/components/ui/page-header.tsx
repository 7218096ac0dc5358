import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

interface PageHeaderProps {
  title: string;
  /** Buttons or links shown beside the title. */
  actions?: ReactNode;
}

/** The page's one h1, also used as the browser tab title. */
export function PageHeader({ title, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Group justify="space-between" align="center" mb="lg" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
