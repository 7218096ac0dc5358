import { admin } from '../test/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loginResponseSchema,
  meResponseSchema,
  noContentSchema,
  userResponseSchema,
  usersResponseSchema,
} from '@planvy/shared';
import { api, ApiError, apiV2, setUnauthorizedHandler } from './api-client';
import { getSession, login, startImpersonation } from './auth';
import { requestUrl } from '../test/render';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body?: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}

function lastCall(): { url: string; init: RequestInit } {
  const [input, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: input === undefined ? '' : requestUrl(input), init: init ?? {} };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  login({ token: 'tok', user: admin });
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(undefined);
  localStorage.clear();
});

describe('api client', () => {
  it('calls /api/v1 and /api/v2 with the bearer token and a JSON body', async () => {
    respond(200, { users: [] });
    await expect(api.get('/admin/users', usersResponseSchema)).resolves.toEqual({ users: [] });
    expect(lastCall().url).toBe('/api/v1/admin/users');
    expect(new Headers(lastCall().init.headers).get('authorization')).toBe('Bearer tok');

    respond(204);
    await apiV2.post('/users/brokers', noContentSchema, { userId: 1 }, { query: { a: 1, skip: undefined } });
    expect(lastCall().url).toBe('/api/v2/users/brokers?a=1');
    expect(lastCall().init.body).toBe('{"userId":1}');
    expect(new Headers(lastCall().init.headers).get('content-type')).toBe('application/json');
  });

  it('turns the error envelope into an ApiError, its known messages in the interface language', async () => {
    respond(422, {
      message: 'The given data was invalid: The email has already been taken',
      errors: { email: ['The email has already been taken'], other: ['Something new'] },
      status_code: 422,
      code: 'invalid',
      params: { detail: 'The email has already been taken' },
      error_codes: { email: [{ code: 'emailTaken', params: {} }], other: [null] },
    });
    const error = await api.post('/admin/user', userResponseSchema, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'invalid',
      message: 'Uppgifterna är ogiltiga: E-postadressen används redan',
      errors: { email: ['E-postadressen används redan'], other: ['Something new'] },
      firstError: 'E-postadressen används redan',
    });
  });

  it('reports the HTTP status through request()', async () => {
    respond(200, { user: admin });
    await expect(
      api.request('POST', '/admin/user/1/config', userResponseSchema, { name: 'x' }),
    ).resolves.toMatchObject({
      status: 200,
    });
  });

  it('ends the session and asks the app to go to login on a 401', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    respond(401, { message: 'Token expired', errors: {}, status_code: 401 });
    await expect(api.get('/admin/users', usersResponseSchema)).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('user-token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('returns to the admin’s own session when a "log in as" session has ended', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    startImpersonation({
      token: 'as-client',
      user: { ...admin, id: 99, roles: [{ slug: 'client', name: 'Client' }] },
    });
    respond(401, { message: 'The session as another user has ended', errors: {}, status_code: 401 });
    await expect(api.get('/client/projects', usersResponseSchema)).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toMatchObject({ token: 'tok', impersonator: null });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves the session alone when the 401 is a failed login', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    respond(401, { message: 'These credentials do not match our records.', errors: {}, status_code: 401 });
    await expect(
      api.post('/login', loginResponseSchema, { email: 'a', password: 'b' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getSession()?.token).toBe('tok');
  });

  it('does not treat a 403 as a lost session', async () => {
    respond(403, { message: 'Forbidden', errors: {}, status_code: 403 });
    await expect(api.get('/admin/users', usersResponseSchema)).rejects.toMatchObject({
      status: 403,
      message: 'Forbidden',
    });
    expect(getSession()?.token).toBe('tok');
  });

  it('reports an unreachable server as status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/user/me', meResponseSchema)).rejects.toMatchObject({ status: 0 });
  });

  it('keeps a non-JSON error readable', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/user/me', meResponseSchema)).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
  });

  it('refuses, in development and tests, an answer outside the schema its route declares', async () => {
    respond(200, { users: [{ ...admin, id: '1' }] });
    await expect(api.get('/admin/users', usersResponseSchema)).rejects.toThrow(
      /GET \/admin\/users answered outside its schema/,
    );
    respond(200, { user: admin });
    await expect(api.delete('/admin/user/1', noContentSchema)).rejects.toThrow(/outside its schema/);
  });
});
