import { useMutation } from '@tanstack/react-query';
import { releaseProtocolSchema, type ReleaseProtocolDocument } from '@planvy/shared';
import { verifyProtocol, type AllocationInput, type ProtocolCheck } from '@planvy/shared/allocation';
import { api } from '../../../lib/api-client';

/** GET /public/releases/{id}/protocol: what anyone can download (ADR 039/040). */
export async function getReleaseProtocol(id: number): Promise<ReleaseProtocolDocument> {
  return api.get(`/public/releases/${id}/protocol`, releaseProtocolSchema);
}

/**
 * Downloads the public protocol and re-runs the draw here, in the browser, as any buyer could:
 * the same input and seed must give the same order and allocation, and the seed must match the
 * commitment published when the wish window opened.
 */
export async function checkProtocol(id: number): Promise<ProtocolCheck> {
  const doc = await getReleaseProtocol(id);
  if (!doc.run) return { valid: false, mismatches: ['input'] };
  return verifyProtocol(doc.run.protocol, doc.run.input as unknown as AllocationInput, {
    ...(doc.release.seed_commitment ? { commitment: doc.release.seed_commitment } : {}),
  });
}

export function useCheckProtocol() {
  return useMutation({ mutationFn: checkProtocol });
}
