import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { LiveApartment, LiveEventName, LiveEvents } from '@planvy/shared';
import { visitorNetwork } from '../public-view/click-recorder';
import type { LivePayload } from './notify';

/** One event as it goes on the wire, kept ready-serialised in the ring. */
interface RingEntry {
  /** Order of arrival at this instance. */
  seq: number;
  id: string;
  projectId: number;
  /** `id: …\nevent: …\ndata: …\n\n` */
  frame: string;
}

export interface LiveHubOptions {
  /** Open streams one client (an IPv4 address or an IPv6 /64, as for clicks) may hold (past it: 429). */
  streamsPerIp: number;
  /** Comment lines keep proxies and browsers from closing an idle stream. */
  heartbeatMs: number;
  /** Events remembered for resumption with Last-Event-ID, across all projects. */
  ringSize: number;
  /** A stream whose client reads slower than this many unsent bytes is closed; it reconnects and resumes. */
  maxBufferedBytes: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveHubOptions = {
  streamsPerIp: 50,
  heartbeatMs: 20_000,
  ringSize: 1024,
  maxBufferedBytes: 256 * 1024,
};

interface Stream {
  res: ServerResponse;
  projectId: number;
  /** The client's network (`visitorNetwork`): what the per-client limit counts. */
  network: string;
}

/** One event, its data as the stream's contract has it (live-events.ts in packages/shared). */
const frame = <E extends LiveEventName>(id: string, event: E, data: LiveEvents[E]) =>
  `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * This instance's open event streams and the recent events it has seen. Every instance
 * receives every event from the database's notifications (ADR 015), in commit order, with
 * the id the writer chose, so a client may resume on any instance that saw its last event.
 */
export class LiveHub {
  private readonly byProject = new Map<number, Set<Stream>>();
  private readonly perNetwork = new Map<string, number>();
  private ring: RingEntry[] = [];
  /** Resuming from this id replays every remembered event: nothing was missed since it was given. */
  private startId = `s${randomBytes(6).toString('base64url')}`;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  private received = 0;
  openStreams = 0;

  constructor(
    readonly options: LiveHubOptions,
    /** Called for every event, before any stream hears of it (the public view cache drops the project). */
    private readonly onEvent: (projectId: number | undefined) => void,
  ) {
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** False once the instance is shutting down: clients go to another instance. */
  get accepting(): boolean {
    return !this.closed;
  }

  /** Whether one more stream from this client's address (its /64, for IPv6) is allowed. */
  canOpen(ip: string): boolean {
    return (this.perNetwork.get(visitorNetwork(ip)) ?? 0) < this.options.streamsPerIp;
  }

  /** Taken before the view's ETag is read: events after it may be newer than that ETag. */
  mark(): number {
    return this.received;
  }

  /**
   * Adds a stream whose headers are written. With a Last-Event-ID this instance remembers,
   * the missed events of the project are replayed; otherwise the client is told to check
   * its view against `etag` (a conditional refetch), followed by any event of the project
   * that arrived since `mark` (applying one twice is harmless: events carry states, not steps).
   */
  open(
    res: ServerResponse,
    projectId: number,
    ip: string,
    lastEventId: string | undefined,
    view: { etag: string; mark: number },
  ) {
    const stream: Stream = { res, projectId, network: visitorNetwork(ip) };
    let set = this.byProject.get(projectId);
    if (!set) this.byProject.set(projectId, (set = new Set()));
    set.add(stream);
    this.perNetwork.set(stream.network, (this.perNetwork.get(stream.network) ?? 0) + 1);
    this.openStreams += 1;
    res.on('close', () => this.remove(stream));

    let out = 'retry: 2000\n\n';
    const missed = lastEventId ? this.since(lastEventId, projectId) : undefined;
    if (missed) out += missed.join('');
    else {
      out += frame(this.lastId(), 'view', { etag: view.etag });
      for (const e of this.ring) if (e.seq > view.mark && e.projectId === projectId) out += e.frame;
    }
    this.write(stream, out);
  }

  /** One notification from the database. */
  receive(payload: LivePayload): void {
    this.onEvent(payload.p);
    const seq = ++this.received;
    let entry: RingEntry;
    if (payload.a) {
      const apartments = payload.a.map(([id, status, inactive, price, fee]): LiveApartment => ({
        id,
        status,
        inactive: inactive === 1,
        price,
        fee,
      }));
      entry = {
        seq,
        id: payload.i,
        projectId: payload.p,
        frame: frame(payload.i, 'apartments', { apartments }),
      };
    } else {
      entry = { seq, id: payload.i, projectId: payload.p, frame: frame(payload.i, 'view', {}) };
    }
    this.ring.push(entry);
    if (this.ring.length > this.options.ringSize) this.ring = this.ring.slice(-this.options.ringSize / 2);
    const set = this.byProject.get(payload.p);
    if (set) for (const s of set) this.write(s, entry.frame);
  }

  /**
   * Notifications may have been missed (the listening connection was lost): forget the
   * ring, so no one resumes across the gap, and tell every open stream to refetch.
   */
  gap(): void {
    this.onEvent(undefined);
    this.ring = [];
    this.startId = `s${randomBytes(6).toString('base64url')}`;
    const id = this.lastId();
    for (const set of this.byProject.values()) for (const s of set) this.write(s, frame(id, 'view', {}));
  }

  /** Ends every stream (shutdown); clients reconnect to another instance. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const set of this.byProject.values()) for (const s of set) s.res.end();
  }

  private since(lastId: string, projectId: number): string[] | undefined {
    const at = lastId === this.startId ? -1 : this.ring.findIndex((e) => e.id === lastId);
    if (at === -1 && lastId !== this.startId) return undefined;
    const out: string[] = [];
    for (let i = at + 1; i < this.ring.length; i++) {
      const e = this.ring[i]!;
      if (e.projectId === projectId) out.push(e.frame);
    }
    // Nothing for this project since then: the id stays what the client has.
    return out;
  }

  private lastId(): string {
    return this.ring[this.ring.length - 1]?.id ?? this.startId;
  }

  private write(stream: Stream, chunk: string): void {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return;
    // A client that stopped reading must not make this process hold its events: drop it,
    // and it resumes from its last event id when it reads again.
    if (res.writableLength > this.options.maxBufferedBytes) {
      res.destroy();
      return;
    }
    res.write(chunk);
  }

  private beat(): void {
    for (const set of this.byProject.values()) for (const s of set) this.write(s, ':\n\n');
  }

  private remove(stream: Stream): void {
    const set = this.byProject.get(stream.projectId);
    if (!set?.delete(stream)) return;
    if (set.size === 0) this.byProject.delete(stream.projectId);
    const n = (this.perNetwork.get(stream.network) ?? 1) - 1;
    if (n <= 0) this.perNetwork.delete(stream.network);
    else this.perNetwork.set(stream.network, n);
    this.openStreams -= 1;
  }
}
