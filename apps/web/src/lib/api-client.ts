import type { ErrorEnvelope } from '@planvy/shared';
import { getSession, getToken, logout } from './auth';
import { logger } from './logger';

/** A failed call: the server's error envelope, or status 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor(status: number, message: string, errors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
}

let onUnauthorized: (() => void) | undefined;

/** The app decides where a lost session leads (the router navigates to the login page). */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

function isEnvelope(body: unknown): body is Partial<ErrorEnvelope> & { message: string } {
  return (
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
  );
}

function toErrors(value: unknown): Record<string, string[]> {
  if (typeof value !== 'object' || value === null) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return errors;
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
  async function request<T>(
    method: Method,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
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
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      logger.error('network error', method, path, error);
      throw new ApiError(0, 'Network error');
    }

    const data = await readBody(response);
    if (response.ok) return { data: data as T, status: response.status };

    const error = isEnvelope(data)
      ? new ApiError(response.status, data.message, toErrors(data.errors))
      : new ApiError(response.status, response.statusText || `HTTP ${response.status}`);
    logger.warn('request failed', method, path, response.status, error.message);

    // A wrong password is a 401 too, but it must not look like an expired session.
    const isLoginAttempt = method === 'POST' && path.replace(/\/+$/, '') === '/login';
    if (response.status === 401 && !isLoginAttempt) {
      logout();
      onUnauthorized?.();
    }
    throw error;
  }

  return {
    /** Full response, for the few screens that report the HTTP status. */
    request,
    get: async <T>(path: string, options?: RequestOptions) =>
      (await request<T>('GET', path, undefined, options)).data,
    post: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
      (await request<T>('POST', path, body, options)).data,
    put: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
      (await request<T>('PUT', path, body, options)).data,
    patch: async <T>(path: string, body?: unknown, options?: RequestOptions) =>
      (await request<T>('PATCH', path, body, options)).data,
    delete: async <T>(path: string, options?: RequestOptions) =>
      (await request<T>('DELETE', path, undefined, options)).data,
  };
}

export type ApiClient = ReturnType<typeof createClient>;

export const api = createClient('/api/v1');
export const apiV2 = createClient('/api/v2');

const adminApi = createClient('/api/v1/admin');
const clientApi = createClient('/api/v1/client');

/**
 * Spec §6: an admin calls paths under /admin, anyone else under /client
 * (`roleApi().get('/projects')` → /api/v1/{role}/projects). The server decides
 * what each role may do; this only picks the path.
 */
export function roleApi(): ApiClient {
  return getSession()?.role === 'admin' ? adminApi : clientApi;
}
