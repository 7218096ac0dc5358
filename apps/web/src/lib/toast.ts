import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Toast durations from the spec (§9). */
export const TOAST_MS = { short: 1500, normal: 2500, long: 3000 } as const;

interface ToastOptions {
  title?: ReactNode;
  autoClose?: number;
}

export const toast = {
  success(message: ReactNode, options: ToastOptions = {}) {
    notifications.show({
      color: 'teal',
      message,
      title: options.title,
      autoClose: options.autoClose ?? TOAST_MS.normal,
    });
  },
  error(message: ReactNode, options: ToastOptions = {}) {
    notifications.show({
      color: 'red',
      message,
      title: options.title,
      autoClose: options.autoClose ?? TOAST_MS.long,
    });
  },
};
