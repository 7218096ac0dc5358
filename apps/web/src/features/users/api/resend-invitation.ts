import { useMutation } from '@tanstack/react-query';
import { noContentSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** "Skicka inbjudan igen": a new link, in the admin's language; the old one stops working. Nothing cached changes. */
export async function resendInvitation(id: number): Promise<void> {
  await api.post(`/admin/user/${id}/invitation`, noContentSchema, { language: currentLanguage() });
}

export function useResendInvitation() {
  return useMutation({ mutationFn: resendInvitation });
}
