import { Writable } from 'node:stream';

/** One pino line, parsed. */
export type LogLine = { level: number; msg?: string; reqId?: string } & Record<string, unknown>;

/**
 * A pino destination that keeps every line, parsed, and lets a test await the line it
 * expects instead of sleeping (`logger: { level, stream: log.stream }`).
 */
export function captureLog() {
  const lines: LogLine[] = [];
  const waiting: { match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (!text) continue;
        const line = JSON.parse(text) as LogLine;
        lines.push(line);
        for (const w of waiting.filter((x) => x.match(line))) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(line);
        }
      }
      done();
    },
  });
  return {
    stream,
    lines,
    /** The first line, already written or still to come, that matches. */
    waitFor(match: (line: LogLine) => boolean): Promise<LogLine> {
      const seen = lines.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    clear() {
      lines.length = 0;
    },
  };
}
