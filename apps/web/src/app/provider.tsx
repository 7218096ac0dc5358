import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getSession, subscribeSession } from '../lib/auth';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

/** Cached data belongs to one signed-in user; a different token (logout, log in as) starts from empty. */
function useClearCacheOnSessionChange() {
  useEffect(() => {
    let token = getSession()?.token;
    return subscribeSession(() => {
      const next = getSession()?.token;
      if (next !== token) {
        token = next;
        queryClient.clear();
      }
    });
  }, []);
}

export function AppProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  useClearCacheOnSessionChange();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
