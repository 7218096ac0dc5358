import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@planvy/shared';
import {
  endImpersonation,
  getSession,
  hasStatistic,
  login,
  logout,
  renewToken,
  startImpersonation,
  STORAGE_KEYS,
  subscribeSession,
  updateProfile,
} from './auth';

function user(id: number, role: 'admin' | 'client' | 'broker', statistic = '0'): User {
  return {
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    email: `u${id}@example.com`,
    phone: '',
    roles: [{ slug: role, name: role }],
    config: [{ name: 'project_statistic', value: statistic }],
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

afterEach(() => localStorage.clear());

describe('session', () => {
  it('stores token and profile under the spec keys and takes the role from the first role', () => {
    login({ token: 't-admin', user: user(1, 'admin') });
    expect(localStorage.getItem('user-token')).toBe('t-admin');
    expect(JSON.parse(localStorage.getItem('user-profile') ?? '{}')).toMatchObject({ id: 1 });
    expect(getSession()).toMatchObject({ token: 't-admin', role: 'admin', impersonator: null });
  });

  it('returns the same snapshot object while storage is unchanged', () => {
    login({ token: 't', user: user(1, 'client') });
    expect(getSession()).toBe(getSession());
  });

  it('treats a corrupt profile as signed out', () => {
    localStorage.setItem(STORAGE_KEYS.token, 't');
    localStorage.setItem(STORAGE_KEYS.profile, '{not json');
    expect(getSession()).toBeNull();
  });

  it('logout clears token, profile and any remembered admin session', () => {
    login({ token: 't-admin', user: user(1, 'admin') });
    startImpersonation({ token: 't-client', user: user(2, 'client') });
    logout();
    expect(Object.values(STORAGE_KEYS).map((k) => localStorage.getItem(k))).toEqual([null, null, null, null]);
    expect(getSession()).toBeNull();
  });

  it('notifies subscribers on change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    login({ token: 't', user: user(1, 'client') });
    unsubscribe();
    logout();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('impersonation', () => {
  it('keeps the admin session aside and restores it', () => {
    login({ token: 't-admin', user: user(1, 'admin') });
    startImpersonation({ token: 't-client', user: user(2, 'client') });
    expect(localStorage.getItem('impersonator-token')).toBe('t-admin');
    expect(getSession()).toMatchObject({ token: 't-client', role: 'client', impersonator: { id: 1 } });

    expect(endImpersonation()).toBe(true);
    expect(getSession()).toMatchObject({ token: 't-admin', role: 'admin', impersonator: null });
    expect(localStorage.getItem('impersonator-token')).toBeNull();
  });

  it('never stacks a second "log in as" on one (the server refuses it too)', () => {
    login({ token: 't-admin', user: user(1, 'admin') });
    startImpersonation({ token: 't-2', user: user(2, 'client') });
    startImpersonation({ token: 't-3', user: user(3, 'broker') });
    expect(getSession()).toMatchObject({ token: 't-2', user: { id: 2 } });
    endImpersonation();
    expect(getSession()).toMatchObject({ token: 't-admin', user: { id: 1 } });
  });

  it('swaps in a renewed token for the same user', () => {
    login({ token: 't-old', user: user(1, 'admin') });
    renewToken('t-new');
    expect(getSession()).toMatchObject({ token: 't-new', user: { id: 1 } });
  });

  it('has nothing to restore without an admin session', () => {
    login({ token: 't', user: user(2, 'client') });
    expect(endImpersonation()).toBe(false);
    expect(getSession()?.token).toBe('t');
  });
});

describe('profile helpers', () => {
  it('updates the stored profile only for the signed-in user', () => {
    login({ token: 't', user: user(2, 'client') });
    updateProfile({ ...user(3, 'client'), first_name: 'Other' });
    expect(getSession()?.user.first_name).toBe('First2');
    updateProfile({ ...user(2, 'client', '1'), first_name: 'Renamed' });
    expect(getSession()?.user.first_name).toBe('Renamed');
    expect(hasStatistic(getSession()!.user)).toBe(true);
  });
});
