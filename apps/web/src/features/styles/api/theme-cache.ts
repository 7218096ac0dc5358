import type { QueryClient } from '@tanstack/react-query';
import type { Theme, ThemeEntry } from '@planvy/shared';
import { styleKeys } from './query-keys';

/** What "save as theme" and "update theme" send. */
export interface ThemeInput {
  name: string;
  data: ThemeEntry[];
}

const byName = (a: Theme, b: Theme) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

/** The cached list takes a theme the server answered with, in the server's order; nothing is fetched again. */
export function putCachedTheme(queryClient: QueryClient, theme: Theme): void {
  queryClient.setQueryData<Theme[]>(styleKeys.themes(), (list = []) =>
    [...list.filter((t) => t.id !== theme.id), theme].sort(byName),
  );
}
