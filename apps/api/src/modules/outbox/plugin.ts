import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAIL_LOG_DAYS, WEBHOOK_LOG_DAYS } from '@planvy/shared';
import type { Db } from '../../db/client';
import { listenTo, type Listening } from '../live/listener';
import { MAIL_KIND, mailHandler } from '../mail/mail';
import { createMailTransport } from '../mail/transport';
import { OutboxLoop } from './loop';
import { OUTBOX_CHANNEL, pruneEnded } from './repository';
import { WEBHOOK_KIND } from '../webhooks/repository';
import { webhookKind } from '../webhooks/webhooks';
import { dueHandler, INTEREST_KIND } from '../interest/service';
import { HOLD_DUE_KIND, holdConfig, holdDueKind } from '../holds/service';
import { RELEASE_DUE_KIND, releaseDueKind } from '../releases/service';
import { OFFER_DUE_KIND, offerDueKind } from '../releases/offers';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's outbox loop (ADR 032); tests without a running loop call drain(). */
    outbox: OutboxLoop;
  }
}

/**
 * Starts the outbox loop when the app is ready and stops it when it closes. A write wakes
 * every instance's loop through a notification on OUTBOX_CHANNEL, as live updates do (ADR
 * 015); a lost notification only delays a row until the next poll.
 */
export const outboxPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const transport = createMailTransport(app.config.mail);
  // What the mail log and the webhook delivery log no longer show goes, with the .eml copies.
  const keepDays = Math.max(MAIL_LOG_DAYS, WEBHOOK_LOG_DAYS);
  const housekeeping = async () => {
    const rows = await pruneEnded(opts.db, keepDays);
    const files = await transport.prune(new Date(Date.now() - keepDays * 24 * 3600_000));
    if (rows + files > 0) app.log.info({ rows, files }, 'outbox: pruned what the logs no longer show');
  };
  // The database itself, not app.db: a pass woken inside a request must not join its transaction.
  const loop = new OutboxLoop(
    opts.db,
    {
      [MAIL_KIND]: { send: mailHandler(transport, app.config.mail.from) },
      [WEBHOOK_KIND]: webhookKind(opts.db, app.config.webhooks),
      [INTEREST_KIND]: { send: dueHandler(opts.db, app.config) },
      [HOLD_DUE_KIND]: holdDueKind(opts.db, holdConfig(app.config)),
      [RELEASE_DUE_KIND]: releaseDueKind(opts.db, holdConfig(app.config)),
      [OFFER_DUE_KIND]: offerDueKind(opts.db, holdConfig(app.config)),
    },
    app.config.outbox,
    app.log,
    housekeeping,
  );
  app.decorate('outbox', loop);
  let listening: Listening | undefined;
  if (app.config.outbox.run) {
    app.addHook('onReady', async () => {
      listening = await listenTo(
        opts.db,
        OUTBOX_CHANNEL,
        () => loop.wake(),
        () => loop.wake(),
        app.log,
      );
      loop.start();
    });
  }
  app.addHook('onClose', async () => {
    await loop.stop();
    await listening?.close();
    transport.close();
  });
});
