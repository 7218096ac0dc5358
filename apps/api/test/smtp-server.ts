import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server inside the test process: what arrived, parsed, and refusals on demand. */
export interface TestSmtp {
  /** smtp://127.0.0.1:port with TLS off: what SMTP_URL is set to. */
  url: string;
  received: ParsedMail[];
  /** The next `n` messages are refused with a temporary error (451). */
  refuseNext(n: number): void;
  /** Resolves when `count` messages have arrived in all. */
  waitFor(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const waiting: { count: number; resolve: (m: ParsedMail[]) => void }[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () => {
          const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(err);
        });
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const w of waiting.filter((x) => received.length >= x.count)) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(received.slice());
          }
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    refuseNext(n) {
      refusals = n;
    },
    waitFor(count) {
      if (received.length >= count) return Promise.resolve(received.slice());
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
