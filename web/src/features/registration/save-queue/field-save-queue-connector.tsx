import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { LoginResponse } from '../../../../../shared/api-types.js';
import type { StudentRecord } from '../../../../../shared/student-fields.js';
import { studentRecordQueryKey } from '../../students/api/use-student-record.js';
import { REGISTRATION_STATUS_QUERY_KEY } from '../api/use-registration-status.js';
import { fieldSaveQueue } from './field-save-queue.js';

function actorOf(user: LoginResponse): string {
  return user.role === 'admin' ? `admin:${user.username}` : `student:${user.student_id}`;
}

/**
 * Connects the save queue to the signed-in account: her values kept on this device are sent while
 * the session is live, held while it has ended, and forgotten from memory (not from the device) at
 * sign-out. Also: back online means try now, and leaving the page with values not yet saved asks first.
 */
export function FieldSaveQueueConnector({ user, sessionEnded }: { user: LoginResponse | null; sessionEnded: boolean }) {
  const queryClient = useQueryClient();
  const actor = user ? actorOf(user) : null;

  useEffect(() => {
    if (!actor) fieldSaveQueue.connect(null);
    else if (sessionEnded) fieldSaveQueue.pauseForSignIn();
    else {
      fieldSaveQueue.connect({
        actor,
        onSaved: (studentId, saved) =>
          queryClient.setQueryData<StudentRecord | null>(studentRecordQueryKey(studentId), (old) => (old ? { ...old, ...saved } : old)),
        // Registration closed while the form was open: the status reloads, the form turns read-only and says why.
        onForbidden: () => void queryClient.invalidateQueries({ queryKey: REGISTRATION_STATUS_QUERY_KEY }),
      });
    }
  }, [actor, sessionEnded, queryClient]);

  useEffect(() => {
    const retry = () => fieldSaveQueue.retryNow();
    const onVisible = () => document.visibilityState === 'visible' && retry();
    const beforeUnload = (e: BeforeUnloadEvent) => {
      // A field still being typed in is committed (queued and kept on the device) first.
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      if (fieldSaveQueue.failedCount() > 0) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, []);
  return null;
}
