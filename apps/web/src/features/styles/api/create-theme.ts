import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Theme, themeResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { putCachedTheme, type ThemeInput } from './theme-cache';

/** POST /admin/styles {name, data}: a new theme. */
export async function createTheme(input: ThemeInput): Promise<Theme> {
  return (await roleApi().post('/styles', themeResponseSchema, input)).theme;
}

export function useCreateTheme() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTheme, onSuccess: (theme) => putCachedTheme(queryClient, theme) });
}
