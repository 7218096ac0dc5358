import { userRole, type Role, type User } from '@planvy/shared';

/**
 * Client-side search over e-mail, full name and phone, every word matching somewhere; with a
 * role, only the users of that role.
 */
export function filterUsers(users: readonly User[], query: string, role: Role | null = null): User[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const ofRole = role === null ? users : users.filter((user) => userRole(user) === role);
  if (words.length === 0) return [...ofRole];
  return ofRole.filter((user) => {
    const haystack = [user.email, `${user.first_name} ${user.last_name}`, user.phone]
      .join('\n')
      .toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
