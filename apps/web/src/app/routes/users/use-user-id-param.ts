import { useParams } from 'react-router';

/** The `:id` of /users/:id as a positive integer, or null for anything else (shown as not found). */
export function useUserIdParam(): number | null {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
