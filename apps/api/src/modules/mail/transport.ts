import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A message ready to leave. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per outbox row, so a receiver can tell a resent copy. */
  messageId: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  /** Removes kept copies written before `before` (the .eml files); answers how many. */
  prune(before: Date): Promise<number>;
  close(): void;
}

export interface MailConfig {
  /** smtp:// or smtps:// URL (nodemailer's), or none: messages are kept as .eml files in `dir`. */
  smtpUrl?: string;
  /** The From address. */
  from: string;
  /** DATA_DIR/mail: where the embedded default keeps each message. */
  dir: string;
}

/** Time limits on one SMTP send, well inside the outbox's claim (leaseMs). */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise every message is built the same way
 * (nodemailer's stream transport) and written as an .eml file under DATA_DIR/mail, so
 * `npm start` needs no mail server (ADR 033).
 */
export function createMailTransport(config: MailConfig): MailTransport {
  if (config.smtpUrl) {
    // nodemailer reads the URL itself: smtp:// or smtps://, user and password, and options
    // as query parameters (?ignoreTLS=true, ?tls.rejectUnauthorized=false); the time limits
    // are ours unless the URL names its own.
    const transporter = nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: config.smtpUrl });
    return {
      async send(mail) {
        await transporter.sendMail({ from: config.from, ...mail });
      },
      prune: () => Promise.resolve(0),
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from: config.from, ...mail });
      await fs.mkdir(config.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${mail.messageId.replace(/[^\w.-]/g, '')}.eml`;
      const file = path.join(config.dir, name);
      // Whole or not at all: a reader never sees half a message.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
    },
    prune: (before) => pruneFiles(config.dir, before),
    close: () => transporter.close(),
  };
}

/** Removes the .eml files (and any left-over .tmp) last written before `before`. */
async function pruneFiles(dir: string, before: Date): Promise<number> {
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  let removed = 0;
  for (const name of names) {
    if (!/\.eml(\.tmp)?$/.test(name)) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtime >= before) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
