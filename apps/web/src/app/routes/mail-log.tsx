import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { MailLog } from '../../features/mail-log/components/mail-log';
import { useProjects } from '../../features/projects/api/get-projects';

/** Admins: the mail log, all mail or one project's. */
export function MailLogRoute() {
  const { t } = useTranslation();
  const projects = useProjects();
  const projectOptions = useMemo(
    () => (projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    [projects.data],
  );
  return (
    <>
      <PageHeader title={t('mailLog.title')} />
      <MailLog projects={projectOptions} />
    </>
  );
}
