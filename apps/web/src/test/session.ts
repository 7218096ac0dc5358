import type { Role, User } from '@planvy/shared';
import { login } from '../lib/auth';

/**
 * Signs a test user of `role` in (the session components read through `useCan()`), the
 * way a real sign-in stores it. Clear it with `localStorage.clear()` after the test.
 */
export function signInAs(role: Role, id = role === 'admin' ? 1 : 2): User {
  const user: User = {
    id,
    first_name: role === 'admin' ? 'Ada' : 'Kalle',
    last_name: role === 'admin' ? 'Admin' : 'Anka',
    email: `u${id}@example.com`,
    phone: '',
    roles: [{ slug: role, name: role }],
    config: [],
    created_at: '',
  };
  login({ token: `test-${role}`, user });
  return user;
}

/** An admin as the API answers one, for tests that sign in through `login` themselves. */
export const admin: User = {
  id: 1,
  first_name: 'Ada',
  last_name: '',
  email: 'ada@example.com',
  phone: '',
  roles: [{ slug: 'admin', name: 'Admin' }],
  config: [],
  created_at: '2026-01-01T00:00:00.000Z',
};
