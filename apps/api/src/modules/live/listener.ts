import pg from 'pg';
import type { Db } from '../../db/client';

export interface Listening {
  close(): Promise<void>;
}

interface Log {
  error(obj: object, msg: string): void;
  info(msg: string): void;
}

/** What the embedded database offers (EmbeddedDatabase.listen). */
interface Listenable {
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 15_000;

/**
 * Listens to a notification channel on the app's database (ADR 015). On PostgreSQL: one
 * dedicated connection per instance, with the pool's settings, reconnected with a growing
 * pause when lost, after which `onGap` says notifications may have been missed. On the
 * embedded database: PGlite's own LISTEN, within this process.
 */
export async function listenTo(
  db: Db,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void,
  log: Log,
): Promise<Listening> {
  // drizzle keeps the driver's client: a node-postgres Pool, or the EmbeddedDatabase.
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return listenOnPostgres(client, channel, onPayload, onGap, log);
  if (client && typeof (client as Partial<Listenable>).listen === 'function') {
    const unlisten = await (client as Listenable).listen(channel, onPayload);
    return { close: unlisten };
  }
  throw new Error('This database cannot deliver notifications');
}

async function listenOnPostgres(
  pool: pg.Pool,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void,
  log: Log,
): Promise<Listening> {
  let current: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      ...pool.options,
      application_name: `${pool.options.application_name ?? 'planvy'} listen`,
    });
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) onPayload(msg.payload);
    });
    const lost = (err?: Error) => {
      if (current !== client) return;
      current = undefined;
      client.removeAllListeners('end');
      client.end().catch(() => undefined);
      if (closed) return;
      log.error({ err }, 'live updates: the listening connection to PostgreSQL was lost; reconnecting');
      schedule();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    current = client;
  };

  const schedule = () => {
    timer = setTimeout(() => {
      connect().then(
        () => {
          retryMs = FIRST_RETRY_MS;
          log.info('live updates: listening to PostgreSQL again');
          onGap();
        },
        (err: unknown) => {
          log.error({ err }, 'live updates: cannot listen to PostgreSQL yet');
          retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
          if (!closed) schedule();
        },
      );
    }, retryMs);
    timer.unref();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
