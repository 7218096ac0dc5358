import { useEffect } from 'react';
import { errorMessage } from '../lib/error-message';
import { toast, TOAST_MS } from '../lib/toast';

/** Shows a failed query once as a danger toast (spec §8: 3000 ms). */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) toast.error(errorMessage(error), { autoClose: TOAST_MS.long });
  }, [error]);
}
