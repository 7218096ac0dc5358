import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MailLogEntry, mailLogEntryResponseSchema } from '@planvy/shared';
import { api } from '../../../lib/api-client';
import { mailLogKeys } from './get-mail-log';

/** "Skicka igen": the API queues a copy and answers its entry. */
export async function resendMail(id: number): Promise<MailLogEntry> {
  const { mail } = await api.post(`/admin/mail/${id}/resend`, mailLogEntryResponseSchema);
  return mail;
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    // The copy is a new row at the top of every page and filter it matches.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailLogKeys.all }),
  });
}
