import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { AuditLog } from '../../features/audit/components/audit-log';
import { useProjects } from '../../features/projects/api/get-projects';
import { useUsers } from '../../features/users/api/get-users';
import { fullName } from '../../lib/auth';

/** Admins: the audit log, filtered by the users and projects the back-office knows. */
export function AuditRoute() {
  const { t } = useTranslation();
  const users = useUsers();
  const projects = useProjects();
  const userOptions = useMemo(
    () => (users.data ?? []).map((u) => ({ value: String(u.id), label: fullName(u) || u.email })),
    [users.data],
  );
  const projectOptions = useMemo(
    () => (projects.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    [projects.data],
  );
  return (
    <>
      <PageHeader title={t('audit.title')} />
      <AuditLog users={userOptions} projects={projectOptions} />
    </>
  );
}
