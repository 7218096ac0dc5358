import type { ReleaseState } from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import type { HoldConfig } from '../holds/service';
import type { Caller } from '../projects/service';
import { flipPublic, startOffers } from './offers';
import type { ReleaseRow } from './repository';

/**
 * What happens when a release enters a state, in the transaction of the step (a button, the
 * timer, the run or the approval), after the release row has its new state. The state machine
 * (service.ts `transition`) owns the seed, the rules version, the timer, the audit entry and the
 * webhook; the offers part of the day (ADR 042) hooks in here:
 *
 * - `offers_out`: the offers of the approved run (release_offers, mails, their deadlines).
 * - `public`: the flip to open sale, live in every open widget (first come: checkout holds open).
 */
export async function onEnterReleaseState(
  tx: DbOrTx,
  release: ReleaseRow,
  state: ReleaseState,
  ctx: { cfg: HoldConfig; caller: Caller | null },
): Promise<void> {
  switch (state) {
    case 'offers_out':
      await startOffers(tx, release.id, ctx.cfg);
      return;
    case 'public':
      await flipPublic(tx, release.id, ctx.caller);
      return;
    default:
      return;
  }
}
