import type { z } from 'zod';
import { errorEnvelopeSchema, type ErrorEnvelope } from '@planvy/shared';
import { endImpersonation, getSession, getToken, logout } from './auth';
import { logger } from './logger';
import { localizeEnvelope } from './server-messages';

/** A failed call: the server's error envelope, or status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  /** The server's stable code for the message (ADR 019), when it sent one. */
  readonly code: string | undefined;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }

  /** The first field message, which the spec shows in toasts. */
  get firstError(): string | undefined {
    for (const messages of Object.values(this.errors)) {
      if (messages[0]) return messages[0];
    }
    return undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A save refused because someone else saved first (the server's 409 for a stale version). */
export function isConflict(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
  /** The browser's fetch priority: 'high' for what the page is waiting on (a plan), ahead of queued reads. */
  priority?: RequestPriority;
}

export interface UploadOptions extends RequestOptions {
  /** Bytes sent so far and in all, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
}

/**
 * What a call answers: the schema the route declares (packages/shared), which types the
 * answer. Development and tests check every answer against it, so a server or a test fake
 * that drifts from the contract fails at once; a production build trusts the server.
 */
export type AnswerSchema = z.ZodType;
const CHECK_ANSWERS = import.meta.env.DEV;

function checked<S extends AnswerSchema>(
  schema: S,
  data: unknown,
  method: string,
  path: string,
): z.output<S> {
  if (CHECK_ANSWERS) {
    const result = schema.safeParse(data);
    if (!result.success)
      throw new Error(`${method} ${path} answered outside its schema: ${result.error.message}`, {
        cause: result.error,
      });
  }
  // The body as it came, so development and production hand the same object on.
  return data as z.output<S>;
}

let onUnauthorized: (() => void) | undefined;

/** The app decides where a lost session leads (the router navigates to the login page). */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

/** The error envelope in a failed response's body, or undefined when the body is something else. */
function envelopeOf(body: unknown, status: number): ErrorEnvelope | undefined {
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  // A proxy's or an older server's body: its message, without the rest.
  const message = (body as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? { message, errors: {}, status_code: status } : undefined;
}

function buildUrl(base: string, path: string, query?: Query): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (filename* or filename), or undefined. */
  filename: string | undefined;
}

/** The file name of an attachment: RFC 5987 `filename*=UTF-8''…` first, then plain `filename="…"`. */
export function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function createClient(base: string) {
  async function request<S extends AnswerSchema>(
    method: Method,
    path: string,
    schema: S,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<z.output<S>>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await fetch(buildUrl(base, path, options.query), {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: options.signal,
        priority: options.priority,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      logger.error('network error', method, path, error);
      throw new ApiError(0, 'Network error');
    }

    const data = await readBody(response);
    if (response.ok) return { data: checked(schema, data, method, path), status: response.status };
    throw failure(method, path, response, data);
  }

  /** Turns a failed response into an ApiError; a 401 (other than a failed login) ends the session. */
  function failure(method: Method, path: string, response: Response, data: unknown): ApiError {
    const envelope = envelopeOf(data, response.status);
    logger.warn('request failed', method, path, response.status, envelope?.message ?? response.statusText);
    // People read the server's messages in the interface's language (lib/server-messages.ts).
    const localized = envelope && localizeEnvelope(envelope);
    const error = localized
      ? new ApiError(response.status, localized.message, localized.errors, envelope.code)
      : new ApiError(response.status, response.statusText || `HTTP ${response.status}`);

    // A wrong password is a 401 too, but it must not look like an expired session.
    const isLoginAttempt = method === 'POST' && path.replace(/\/+$/, '') === '/login';
    if (response.status === 401 && !isLoginAttempt) {
      // A "log in as" session that ended (its hour is up) returns to the admin's own session;
      // anything else ends the session.
      if (!endImpersonation()) logout();
      onUnauthorized?.();
    }
    return error;
  }

  /** A GET whose body is not JSON, with the same token and errors; the caller reads the body. */
  async function getRaw(path: string, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = {};
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetch(buildUrl(base, path, options.query), {
        headers,
        signal: options.signal,
        priority: options.priority,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      logger.error('network error', 'GET', path, error);
      throw new ApiError(0, 'Network error');
    }
    if (!response.ok) throw failure('GET', path, response, await readBody(response));
    return response;
  }

  /** GET of a text body that is not JSON (a plan's markup). */
  async function text(path: string, options: RequestOptions = {}): Promise<string> {
    return (await getRaw(path, options)).text();
  }

  /** GET of a file (an export): the bytes and the file name from Content-Disposition. */
  async function download(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
    const response = await getRaw(path, options);
    return {
      blob: await response.blob(),
      filename: attachmentName(response.headers.get('content-disposition')),
    };
  }

  /**
   * POSTs a form with upload progress (fetch cannot report it), with the same token,
   * error envelope and 401 handling as `request`. Aborting the signal cancels the
   * upload and rejects with an AbortError.
   */
  function upload<S extends AnswerSchema>(
    path: string,
    schema: S,
    body: FormData,
    options: UploadOptions = {},
  ): Promise<ApiResponse<z.output<S>>> {
    return new Promise((resolve, reject) => {
      const cancelled = () => new DOMException('The upload was cancelled', 'AbortError');
      if (options.signal?.aborted) {
        reject(cancelled());
        return;
      }
      const xhr = new XMLHttpRequest();
      const abort = () => xhr.abort();
      const settle = () => options.signal?.removeEventListener('abort', abort);
      xhr.open('POST', buildUrl(base, path, options.query));
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
      };
      xhr.onload = () => {
        settle();
        let data: unknown;
        try {
          data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
        } catch {
          data = xhr.responseText;
        }
        if (xhr.status >= 200 && xhr.status < 300) {
          try {
            resolve({ data: checked(schema, data, 'POST', path), status: xhr.status });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
          return;
        }
        const response = new Response(null, { status: xhr.status, statusText: xhr.statusText });
        reject(failure('POST', path, response, data));
      };
      xhr.onerror = () => {
        settle();
        logger.error('network error', 'POST', path);
        reject(new ApiError(0, 'Network error'));
      };
      xhr.onabort = () => {
        settle();
        reject(cancelled());
      };
      options.signal?.addEventListener('abort', abort, { once: true });
      xhr.send(body);
    });
  }

  return {
    /** Full response, for the few screens that report the HTTP status. */
    request,
    upload,
    get: async <S extends AnswerSchema>(path: string, schema: S, options?: RequestOptions) =>
      (await request('GET', path, schema, undefined, options)).data,
    post: async <S extends AnswerSchema>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
      (await request('POST', path, schema, body, options)).data,
    put: async <S extends AnswerSchema>(path: string, schema: S, body?: unknown, options?: RequestOptions) =>
      (await request('PUT', path, schema, body, options)).data,
    patch: async <S extends AnswerSchema>(
      path: string,
      schema: S,
      body?: unknown,
      options?: RequestOptions,
    ) => (await request('PATCH', path, schema, body, options)).data,
    delete: async <S extends AnswerSchema>(path: string, schema: S, options?: RequestOptions) =>
      (await request('DELETE', path, schema, undefined, options)).data,
    download,
    text,
  };
}

export type ApiClient = ReturnType<typeof createClient>;

export const api = createClient('/api/v1');
export const apiV2 = createClient('/api/v2');

const adminApi = createClient('/api/v1/admin');
const clientApi = createClient('/api/v1/client');

/**
 * Spec §6: an admin calls paths under /admin, anyone else under /client
 * (`roleApi().get('/projects', schema)` → /api/v1/{role}/projects). The server decides
 * what each role may do; this only picks the path.
 */
export function roleApi(): ApiClient {
  return getSession()?.role === 'admin' ? adminApi : clientApi;
}
