import { serverMessage, type EnvelopeMessage, type ErrorCode } from '@planvy/shared';

/** A message as the API sends it: coded from the catalogue (error-codes.ts), or free text. */
export type Message = EnvelopeMessage;

/** An error that maps to an HTTP status and the error envelope (`errorEnvelope` in packages/shared). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly sent: Message,
    readonly fields: Record<string, Message[]> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof sent === 'string' ? sent : sent.message);
  }
}

/** What can be not found, and the code that says so. */
const NOT_FOUND = {
  Apartment: 'apartmentNotFound',
  'Building number': 'buildingNotFound',
  File: 'fileNotFound',
  Project: 'projectNotFound',
  'Sun study file': 'sunStudyFileNotFound',
  Theme: 'themeNotFound',
  User: 'userNotFound',
  Mail: 'mailNotFound',
  'Webhook endpoint': 'webhookNotFound',
  Delivery: 'deliveryNotFound',
  Hold: 'holdNotFound',
} as const satisfies Record<string, ErrorCode>;

export const notFound = (what: keyof typeof NOT_FOUND) => new HttpError(404, serverMessage(NOT_FOUND[what]));
export const forbidden = (message: Message = serverMessage('forbidden')) => new HttpError(403, message);
export const unauthorized = (message = 'Unauthenticated') => new HttpError(401, message);
export const conflict = (message: Message) => new HttpError(409, message);

/** A 422 for one field. */
export function invalid(field: string, message: Message): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}
