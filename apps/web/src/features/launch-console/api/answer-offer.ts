import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releaseOfferResponseSchema, type ReleaseConsole, type ReleaseOffer } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { consoleKeys } from './get-release-console';

export interface OfferAnswerInput {
  offerId: number;
  answer: 'accept' | 'decline';
}

/** POST /{role}/releases/{id}/offers/{offerId}/accept|decline: for a buyer on the phone. */
export async function answerOffer(releaseId: number, input: OfferAnswerInput): Promise<ReleaseOffer> {
  return (
    await roleApi().post(
      `/releases/${releaseId}/offers/${input.offerId}/${input.answer}`,
      releaseOfferResponseSchema,
    )
  ).offer;
}

/**
 * Answers an offer; the answered offer goes into the console at once, and the console reads
 * again, since a decline made a new offer to the next in line.
 */
export function useAnswerOffer(releaseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfferAnswerInput) => answerOffer(releaseId, input),
    onSuccess: (offer) => {
      queryClient.setQueryData<ReleaseConsole>(consoleKeys.one(releaseId), (c) =>
        c ? { ...c, offers: c.offers.map((o) => (o.id === offer.id ? offer : o)) } : c,
      );
      void queryClient.invalidateQueries({ queryKey: consoleKeys.one(releaseId) });
    },
  });
}
