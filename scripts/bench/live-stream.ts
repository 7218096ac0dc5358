import http from 'node:http';

/** An apartment as a live `apartments` event carries it (the fields the benchmarks read). */
export interface StreamedApartment {
  id: number;
  status: string;
}

export interface LiveStream {
  /** Resolves when the first event (the view's ETag) has arrived: the stream is open. */
  ready: Promise<void>;
  close(): void;
}

/**
 * One widget's live stream (ADR 015), read with node:http as cheaply as possible: each
 * `apartments` event is handed over with the time its chunk arrived. `localAddress` lets a
 * benchmark come from many loopback addresses, within the per-address caps.
 */
export function openLiveStream(
  url: string,
  onApartments: (apartments: StreamedApartment[], at: number) => void,
  opts: { localAddress?: string; clock?: () => number } = {},
): LiveStream {
  const clock = opts.clock ?? Date.now;
  let ready!: () => void;
  const readyP = new Promise<void>((r) => (ready = r));
  const req = http.get(
    url,
    { agent: false, localAddress: opts.localAddress, headers: { accept: 'text/event-stream' } },
    (res) => {
      if (res.statusCode !== 200) throw new Error(`stream answered ${res.statusCode}`);
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = clock();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: view')) ready();
          else if (block.includes('event: apartments')) {
            const data = block.slice(block.indexOf('data: ') + 6);
            onApartments((JSON.parse(data) as { apartments: StreamedApartment[] }).apartments, at);
          }
        }
      });
    },
  );
  req.on('error', () => undefined);
  return { ready: readyP, close: () => req.destroy() };
}
