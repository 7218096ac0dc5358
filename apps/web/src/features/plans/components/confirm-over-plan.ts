import { modals } from '@mantine/modals';

/**
 * A confirmation opened over a plan. It leaves the page's scroll alone: locking it
 * restyles <body>, and an inherited style change on <body> restyles every element of
 * the plan behind the dialog (close to a second for a 10 MB plan).
 */
export function confirmOverPlan(options: Parameters<typeof modals.openConfirmModal>[0]): string {
  return modals.openConfirmModal({
    lockScroll: false,
    transitionProps: { duration: 0, exitDuration: 120 },
    ...options,
  });
}
