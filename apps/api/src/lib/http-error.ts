/** An error that maps to an HTTP status and the error envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
export const unauthorized = (message = 'Unauthenticated') => new HttpError(401, message);
export const conflict = (message: string) => new HttpError(409, message);

/** A 422 for one field. */
export function invalid(field: string, message: string): HttpError {
  return new HttpError(422, message, { [field]: [message] });
}
