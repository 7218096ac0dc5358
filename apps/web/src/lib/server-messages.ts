import { isErrorCode, type CodedEntry, type ErrorEnvelope } from '@planvy/shared';
import { i18n } from './i18n';

const PROJECT_TYPES = { sale: true, rental: true, tomter: true } as const;

/** i18next's typed `t` cannot check one call against keys with different variables. */
const translate = (key: `server.${string}`, values: Record<string, string>) =>
  (i18n.t as (key: string, options: Record<string, string>) => string)(key, values);

/**
 * The API writes its messages in English and sends a stable code beside each one it has in
 * its catalogue (packages/shared error-codes.ts, ADR 019). A message with a code is read in
 * the interface's language, its parameters (a file name, a limit) kept as the server gave
 * them; a message without one is shown as the server wrote it.
 */
export function localizeServerMessage(text: string, coded?: CodedEntry | null, detail?: string): string {
  if (!coded || !isErrorCode(coded.code)) return text;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(coded.params)) values[name] = String(value);
  if (values.type !== undefined && values.type in PROJECT_TYPES)
    values.type = translate(`server.projectTypes.${values.type as keyof typeof PROJECT_TYPES}`, {});
  if (detail !== undefined) values.detail = detail;
  return translate(`server.${coded.code}`, values);
}

/** An error envelope's message and field messages, in the interface's language. */
export function localizeEnvelope(envelope: ErrorEnvelope): {
  message: string;
  errors: Record<string, string[]>;
} {
  const errors = Object.fromEntries(
    Object.entries(envelope.errors).map(([field, messages]) => [
      field,
      messages.map((text, i) => localizeServerMessage(text, envelope.error_codes?.[field]?.[i])),
    ]),
  );
  const coded = envelope.code ? { code: envelope.code, params: envelope.params ?? {} } : null;
  // "The given data was invalid: …" names the first field message: it reads translated too.
  const detail = envelope.code === 'invalid' ? Object.values(errors)[0]?.[0] : undefined;
  return { message: localizeServerMessage(envelope.message, coded, detail), errors };
}
