import { useEffect } from 'react';
import { updateProfile, useSession } from '../../../lib/auth';
import { useMe } from '../api/get-me';

/**
 * The stored profile is a copy from login time; refreshing it from /user/me picks up changes an admin
 * made since (role, statistics setting) and, through the API client, ends a session whose token expired.
 */
export function useSyncProfile(): void {
  const session = useSession();
  const me = useMe({ enabled: session !== null });
  const profile = me.data?.profile;
  useEffect(() => {
    if (profile) updateProfile(profile);
  }, [profile]);
}
