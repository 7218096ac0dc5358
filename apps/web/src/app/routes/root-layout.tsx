import { AppLayout } from '../../components/layout/app-layout';
import { useSyncProfile } from '../../features/auth/hooks/use-sync-profile';

export function RootLayout() {
  useSyncProfile();
  return <AppLayout />;
}
