import type { ReleaseState } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import type { ReleaseRow } from './repository';

/**
 * What happens when a release enters a state, in the transaction of the step (a button, the
 * timer, the run or the approval), after the release row has its new state. The state machine
 * (service.ts `transition`) owns the seed, the rules version, the timer, the audit entry and the
 * webhook; what the other parts of the release day do on a step goes here:
 *
 * - `offers_out`: the offers of the approved run (release_offers, mails, their deadlines).
 * - `public`: the flip to open sale, live in every open widget (first come: checkout holds).
 *
 * Both are left to the offers part of issue 24; nothing else may step a release.
 */
export async function onEnterReleaseState(
  _tx: DbOrTx,
  _release: ReleaseRow,
  state: ReleaseState,
): Promise<void> {
  switch (state) {
    case 'offers_out':
      return;
    case 'public':
      return;
    default:
      return;
  }
}
