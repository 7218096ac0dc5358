import { isApiError } from './api-client';
import { i18n } from './i18n';

/** What a person should read for a failed call: the server's message, or a translated fallback. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    return error.status === 0 ? i18n.t('errors.network') : error.message || i18n.t('errors.generic');
  }
  return i18n.t('errors.generic');
}

/** The spec's "{message}: {first error}" form, without repeating the message when they are the same. */
export function errorWithDetail(error: unknown): string {
  const message = errorMessage(error);
  const detail = isApiError(error) ? error.firstError : undefined;
  return detail && !message.includes(detail) ? `${message}: ${detail}` : message;
}
