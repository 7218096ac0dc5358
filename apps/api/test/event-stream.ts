import { liveEventSchemas } from '@planvy/shared';

/**
 * Reads a server-sent event stream over a real socket (app.inject cannot hold one open):
 * events are queued as they arrive and awaited one by one.
 */
export interface StreamEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The next event (comments and retry lines skipped), or throws when the stream ends first. */
  next(): Promise<StreamEvent>;
  /** The next event of this type, skipping others. */
  nextOf(type: string): Promise<StreamEvent>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const queue: StreamEvent[] = [];
  const waiting: { resolve: (e: StreamEvent) => void; reject: (err: Error) => void }[] = [];
  let ended: Error | undefined;

  const push = (e: StreamEvent) => {
    const w = waiting.shift();
    if (w) w.resolve(e);
    else queue.push(e);
  };
  const parse = (block: string) => {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') id = value;
      else if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    const body = JSON.parse(data.join('\n')) as unknown;
    // Every event the stream's contract names must match it (live-events.ts): a drift fails here.
    (liveEventSchemas as Record<string, { parse(v: unknown): unknown } | undefined>)[event]?.parse(body);
    push({ id, event, data: body });
  };

  if (res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            parse(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
        ended = new Error('the stream ended');
      } catch (err) {
        ended = err instanceof Error ? err : new Error(String(err));
      }
      for (const w of waiting.splice(0)) w.reject(ended);
    })();
  }

  const next = () => {
    const e = queue.shift();
    if (e) return Promise.resolve(e);
    if (ended) return Promise.reject(ended);
    return new Promise<StreamEvent>((resolve, reject) => waiting.push({ resolve, reject }));
  };
  return {
    status: res.status,
    headers: res.headers,
    next,
    async nextOf(type) {
      for (;;) {
        const e = await next();
        if (e.event === type) return e;
      }
    },
    close: () => controller.abort(),
  };
}
