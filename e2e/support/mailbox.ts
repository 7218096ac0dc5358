import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { inject } from 'vitest';

/**
 * The e2e server's mail, as `npm start` keeps it without SMTP_URL: one .eml file per message
 * under DATA_DIR/mail (ADR 033). Resolves with the first message to `to` (that `match`
 * accepts), when its file appears.
 */
export async function mailTo(
  to: string,
  match: (mail: ParsedMail) => boolean = () => true,
): Promise<ParsedMail> {
  const dir = inject('mailDir');
  fs.mkdirSync(dir, { recursive: true });
  const seen = new Set<string>();
  const find = async (): Promise<ParsedMail | undefined> => {
    for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
      if (seen.has(name)) continue;
      seen.add(name);
      const mail = await simpleParser(fs.readFileSync(path.join(dir, name)));
      const address = Array.isArray(mail.to) ? undefined : mail.to?.value[0]?.address;
      if (address === to && match(mail)) return mail;
    }
    return undefined;
  };
  // A change while a look runs is remembered, so no file's arrival is missed between looks.
  let changed = false;
  let wake: (() => void) | undefined;
  const watcher = fs.watch(dir, () => {
    changed = true;
    wake?.();
  });
  try {
    for (;;) {
      changed = false;
      const found = await find();
      if (found) return found;
      // The file is renamed into place whole: its rename event wakes the next look.
      if (!changed) await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    watcher.close();
  }
}
