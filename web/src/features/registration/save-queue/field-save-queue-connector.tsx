import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LoginResponse } from '../../../../../shared/api-types.js';
import type { StudentRecord } from '../../../../../shared/student-fields.js';
import { accountKey } from '../../../lib/account.js';
import { addSignOutGuard } from '../../../lib/sign-out-guard.js';
import { studentRecordQueryKey } from '../../../lib/queries/use-student-record.js';
import { registrationRoundQueryKey } from '../../../lib/queries/use-registration-round.js';
import { REGISTRATION_STATUS_QUERY_KEY } from '../../../lib/queries/use-registration-status.js';
import { TERMS_QUERY_KEY } from '../../../lib/queries/use-terms.js';
import { fieldSaveQueue, type QueueConnection } from './field-save-queue.js';

/** The queue's connection for a signed-in account: what a saved, refused or forbidden answer changes on screen. */
function queueConnection(queryClient: QueryClient, actor: string): QueueConnection {
  return {
    actor,
    onSaved: (studentId, saved) => {
      queryClient.setQueryData<StudentRecord | null>(studentRecordQueryKey(studentId), (old) =>
        old ? { ...old, ...saved } : old,
      );
      // A saved answer changes its step of this year's round (a returning student's step becomes 'changed').
      void queryClient.invalidateQueries({ queryKey: registrationRoundQueryKey(studentId) });
    },
    // Registration closed while the form was open: the status reloads, the form turns read-only and says why.
    onForbidden: () => void queryClient.invalidateQueries({ queryKey: REGISTRATION_STATUS_QUERY_KEY }),
    // A tick refused because the school changed its terms meanwhile: the new text is shown.
    onRefused: (field) => {
      if (field === 'agree_terms_conditions') void queryClient.invalidateQueries({ queryKey: TERMS_QUERY_KEY });
    },
  };
}

/**
 * Connects the queue before the first drawing of a registration step opened directly (app/page-data.ts), so the
 * step is drawn with what this device still holds at once, not a spinner until the connector below has mounted (the
 * server's first view of the step would give way to it). The connector then keeps it connected as before.
 */
export function connectSaveQueue(queryClient: QueryClient, user: LoginResponse): void {
  fieldSaveQueue.connect(queueConnection(queryClient, accountKey(user)));
}

/**
 * Connects the save queue to the signed-in account: her values kept on this device are sent while
 * the session is live, held while it has ended, and forgotten from memory (not from the device) at
 * sign-out. Also: back online means try now, and leaving the page with values not yet saved asks first.
 */
export function FieldSaveQueueConnector({ user, sessionEnded }: { user: LoginResponse | null; sessionEnded: boolean }) {
  const queryClient = useQueryClient();
  // Each entry is sent to the student it was typed for (a guardian may switch daughters before it goes out).
  const actor = user ? accountKey(user) : null;
  const connectedActor = useRef<string | null>(null);

  useEffect(() => {
    // From an account to none without the session ending first: she signed out on purpose (and was
    // warned): what was not saved leaves the device. After an ended session, it waits for her.
    if (!actor && connectedActor.current && !sessionEnded) fieldSaveQueue.forgetDevice(connectedActor.current);
    connectedActor.current = actor;
    if (!actor) fieldSaveQueue.connect(null);
    else if (sessionEnded) fieldSaveQueue.pauseForSignIn();
    else fieldSaveQueue.connect(queueConnection(queryClient, actor));
  }, [actor, sessionEnded, queryClient]);

  useEffect(() => {
    const retry = () => fieldSaveQueue.retryNow();
    // A field still being typed in is committed (queued, and so kept on the device) whenever the page
    // may go away: a phone switching apps can discard the tab without any unload event.
    const commitTyping = () => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? retry() : commitTyping());
    const beforeUnload = (e: BeforeUnloadEvent) => {
      commitTyping();
      if (fieldSaveQueue.failedCount() > 0) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    const stopGuard = addSignOutGuard(() => {
      // Her other tabs' answers too: they leave her pages with this sign-out, and it removes theirs from the device.
      const n = fieldSaveQueue.deviceUnsentCount();
      if (n === 0) return null;
      return (
        `${n === 1 ? '1 answer is' : `${n} answers are`} not saved yet. If you sign out now, ` +
        `${n === 1 ? 'it is' : 'they are'} removed from this device. Sign out anyway?`
      );
    });
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', commitTyping);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      stopGuard();
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', commitTyping);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, []);
  return null;
}
