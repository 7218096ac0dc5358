import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Theme, themeResponseSchema } from '@planvy/shared';
import { roleApi } from '../../../lib/api-client';
import { putCachedTheme, type ThemeInput } from './theme-cache';

/** POST /admin/styles/{id} {name, data}: replaces a theme's name and values. */
export async function updateTheme(id: number, input: ThemeInput): Promise<Theme> {
  return (await roleApi().post(`/styles/${id}`, themeResponseSchema, input)).theme;
}

export function useUpdateTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ThemeInput }) => updateTheme(id, input),
    onSuccess: (theme) => putCachedTheme(queryClient, theme),
  });
}
