import type { User } from '@planvy/shared';

/** Client-side search over e-mail, full name and phone; every word must match somewhere. */
export function filterUsers(users: readonly User[], query: string): User[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((user) => {
    const haystack = [user.email, `${user.first_name} ${user.last_name}`, user.phone]
      .join('\n')
      .toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
