import { AppLayout } from '../../components/layout/app-layout';
import { ImpersonationBanner } from '../../features/auth/components/impersonation-banner';
import { useSyncProfile } from '../../features/auth/hooks/use-sync-profile';

export function RootLayout() {
  useSyncProfile();
  return <AppLayout banner={<ImpersonationBanner />} />;
}
