import { Button, EmptyState } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconMapSearch } from '../../components/ui/icons';
import { useDocumentTitle } from '@mantine/hooks';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notFound.title')} · ${t('app.name')}`);
  return (
    <EmptyState py="xl" icon={<IconMapSearch aria-hidden />}>
      <EmptyState.Title order={1}>{t('notFound.title')}</EmptyState.Title>
      <EmptyState.Description>{t('notFound.description')}</EmptyState.Description>
      <EmptyState.Actions>
        <Button component={Link} to={paths.projects()}>
          {t('notFound.back')}
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
