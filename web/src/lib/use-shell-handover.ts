import { useLayoutEffect, useRef } from 'react';
import { type ShellHandover, takeShellHandover } from './shell-handover.js';

/**
 * Takes over the server's sign-in form `formId` when the page replaces it (lib/shell-handover.ts): what she typed
 * after the page's first values (`setValues`), the focus and the caret in the same box, and a LOGIN she pressed
 * meanwhile (`submit`, once the values are in place; `lookup` for the student-ID dialog). Layout effects: all of it
 * before the browser paints.
 */
export function useShellHandover<N extends string>(
  formId: string,
  values: Record<N, string>,
  setValues: (values: Partial<Record<N, string>>) => void,
  actions: { submit: () => void; lookup?: () => void },
): void {
  const pending = useRef<ShellHandover | null>(null);
  useLayoutEffect(() => {
    const handover = takeShellHandover(formId);
    if (!handover) return;
    pending.current = handover;
    setValues(handover.values as Partial<Record<N, string>>);
    // Run once, when the page first commits.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    const handover = pending.current;
    if (!handover) return;
    const typed = handover.values as Partial<Record<N, string>>;
    if (Object.keys(typed).some((name) => typed[name as N] !== values[name as N])) return; // not drawn yet
    pending.current = null;
    if (handover.focused) {
      const input = document.getElementById(`${formId}_${handover.focused.name}`);
      if (input instanceof HTMLInputElement) {
        input.focus();
        if (handover.focused.start !== null && handover.focused.end !== null)
          input.setSelectionRange(handover.focused.start, handover.focused.end);
      }
    }
    if (handover.submitted) actions.submit();
    else if (handover.lookup) actions.lookup?.();
  });
}
