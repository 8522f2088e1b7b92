import { useEffect, useState } from 'react';
import { sessionTouchIntervalMs } from '../../../../../shared/constants.js';
import type { SessionInfo } from '../../../../../shared/api-types.js';
import { apiClient, lastApiActivity } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import { sessionEndedWords } from './session-ended-words.js';
import { IdleWarning, SignInAgainDialog } from './session-dialogs.js';

const WARNING_LEAD_MS = 2 * 60_000;

/**
 * Keeps a signed-in person from losing her place to the idle limit. The server ends a session after
 * its idle time without a request; this counts from the last answer (in every tab) and:
 * - two minutes before (half the idle time when that is shorter) warns "You will be signed out in
 *   2 minutes", with "Stay signed in", which makes a request and so keeps the session;
 * - once the time is up, or any request answers 401, shows a sign-in dialog over the same page:
 *   she signs in again and carries on where she was, her unsaved answers sent then.
 * The warning is early by the server's touch interval: the server slides the expiry at most that often.
 * Drawn without antd, with the page's own code: the sign-in dialog opens without a connection too.
 */
export function SessionKeeper({ unsentAnswers }: { unsentAnswers: number }) {
  const { authenticated, sessionEnded, sessionEndReason, user, settings, endSession } = useAuth();
  const [now, setNow] = useState(Date.now);
  // Without any recorded answer (storage refused), count from when this tab started.
  const [started] = useState(Date.now);
  const idleMs = settings.session_idle_minutes * 60_000;
  const earlyBy = sessionTouchIntervalMs(settings.session_idle_minutes);
  const lead = Math.min(WARNING_LEAD_MS, idleMs / 2);

  useEffect(() => {
    if (!authenticated || sessionEnded) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [authenticated, sessionEnded]);

  const endsAt = (lastApiActivity() ?? started) + idleMs;
  const timeUp = authenticated && !sessionEnded && now >= endsAt;
  useEffect(() => {
    if (!timeUp) return undefined;
    // The idle time is up; the server may know that the session ended sooner, and why (a password changed elsewhere).
    let live = true;
    apiClient.get<SessionInfo>('/api/session').then(
      (session) => live && !session.authenticated && endSession(session.ended_reason ?? 'idle'),
      () => live && endSession('idle'),
    );
    return () => {
      live = false;
    };
  }, [timeUp, endSession]);

  if (!authenticated || !user) return null;
  if (sessionEnded) {
    const why = sessionEndedWords(sessionEndReason ?? 'idle', settings.session_idle_minutes);
    return <SignInAgainDialog user={user} unsentAnswers={unsentAnswers} why={why} />;
  }
  // Shown early by the server's touch interval (the session may end that much sooner), counting
  // down to the moment the sign-in dialog comes.
  if (endsAt - now > lead + earlyBy || timeUp) return null;
  return <IdleWarning remaining={endsAt - now} onTimeUp={endSession} />;
}
