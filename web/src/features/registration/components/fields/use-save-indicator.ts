import { useEffect, useState } from 'react';
import { SAVE_INDICATOR_DELAY_MS } from '../../../../../../shared/constants.js';

export type SaveIndicator = 'none' | 'saving' | 'saved' | 'error';

/**
 * §4: a saving indicator only when a save takes longer than 600 ms (a quick save shows no spinner),
 * then a check or an alert once it ends.
 */
export function useSaveIndicator(state: { isPending: boolean; isSuccess: boolean; isError: boolean }): SaveIndicator {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!state.isPending) {
      setSlow(false);
      return undefined;
    }
    const timer = setTimeout(() => setSlow(true), SAVE_INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.isPending]);
  if (state.isPending) return slow ? 'saving' : 'none';
  if (state.isError) return 'error';
  if (state.isSuccess) return 'saved';
  return 'none';
}
