import { describe, expect, it } from 'vitest';
import type { User } from '@planvy/shared';
import { filterUsers } from './user-search';

const base = { roles: [], config: [], created_at: '' } satisfies Partial<User>;
const users: User[] = [
  { ...base, id: 1, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', phone: '070-111' },
  { ...base, id: 2, email: 'bo@firma.se', first_name: 'Bo', last_name: 'Ek', phone: '08-222' },
];

describe('filterUsers', () => {
  it('returns everyone for an empty query', () => {
    expect(filterUsers(users, '  ').map((u) => u.id)).toEqual([1, 2]);
  });

  it('matches e-mail, full name and phone, ignoring case', () => {
    expect(filterUsers(users, 'FIRMA').map((u) => u.id)).toEqual([2]);
    expect(filterUsers(users, 'ada lovelace').map((u) => u.id)).toEqual([1]);
    expect(filterUsers(users, '08-2').map((u) => u.id)).toEqual([2]);
  });

  it('needs every word to match', () => {
    expect(filterUsers(users, 'ada ek')).toEqual([]);
  });

  it('keeps only the users of a role (no role reads as client)', () => {
    const broker = { ...users[1]!, id: 3, roles: [{ slug: 'broker' as const, name: 'Broker' }] };
    expect(filterUsers([...users, broker], '', 'broker').map((u) => u.id)).toEqual([3]);
    expect(filterUsers([...users, broker], '', 'client').map((u) => u.id)).toEqual([1, 2]);
    expect(filterUsers([...users, broker], 'firma', 'client').map((u) => u.id)).toEqual([2]);
    expect(filterUsers([...users, broker], '', 'admin')).toEqual([]);
  });
});
