import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { sessionTouchIntervalMs } from '../../../../../shared/constants.js';
import { antdOnDemand, OnDemandBoundary } from '../../../components/antd-on-demand.js';
import { LoadingOverlay } from '../../../components/page-spinner.js';
import { PartUnavailableDialog } from '../../../components/plain-dialog.js';
import { ROUTES } from '../../../config/routes.js';
import type { SessionInfo } from '../../../../../shared/api-types.js';
import { apiClient, lastApiActivity } from '../../../lib/api-client.js';
import { useAuth } from '../../../lib/auth-store.js';
import { sessionEndedWords } from './session-ended-words.js';

const WARNING_LEAD_MS = 2 * 60_000;

// Drawn with antd (session-dialogs.tsx): loaded, with antd's theme, only when one of them opens.
const loadDialogs = () => import('./session-dialogs.js');
const IdleWarning = antdOnDemand(() => loadDialogs().then((m) => m.IdleWarning));
const SignInAgainDialog = antdOnDemand(() => loadDialogs().then((m) => m.SignInAgainDialog));

/**
 * Keeps a signed-in person from losing her place to the idle limit. The server ends a session after
 * its idle time without a request; this counts from the last answer (in every tab) and:
 * - two minutes before (half the idle time when that is shorter) warns "You will be signed out in
 *   2 minutes", with "Stay signed in", which makes a request and so keeps the session;
 * - once the time is up, or any request answers 401, shows a sign-in dialog over the same page:
 *   she signs in again and carries on where she was, her unsaved answers sent then.
 * The warning is early by the server's touch interval: the server slides the expiry at most that often.
 * Drawn without antd: the dialogs bring it when they open (the dashboard and the term reports are drawn without it).
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
  // The two boundaries are keyed apart: in the same place, one would otherwise inherit the other's failed state.
  if (sessionEnded) {
    const why = sessionEndedWords(sessionEndReason ?? 'idle', settings.session_idle_minutes);
    return (
      <OnDemandBoundary
        key="sign-in-again"
        fallback={<LoadingOverlay spinning label="Loading…" />}
        failed={(retry) => <SignInAgainUnavailable why={why} onRetry={retry} />}
      >
        <SignInAgainDialog user={user} unsentAnswers={unsentAnswers} why={why} />
      </OnDemandBoundary>
    );
  }
  // Shown early by the server's touch interval (the session may end that much sooner), counting
  // down to the moment the sign-in dialog comes.
  if (endsAt - now > lead + earlyBy || timeUp) return null;
  // Without its code (no connection), no warning: the sign-in dialog comes when the time is up.
  return (
    <OnDemandBoundary key="idle-warning" fallback={null} failed={() => null}>
      <IdleWarning remaining={endsAt - now} onTimeUp={endSession} />
    </OnDemandBoundary>
  );
}

/** The session has ended and the sign-in dialog's code could not be loaded (no connection): said, with a retry. */
function SignInAgainUnavailable({ why, onRetry }: { why: string; onRetry: () => void }) {
  const navigate = useNavigate();
  return (
    <PartUnavailableDialog
      title="Please sign in again"
      closeLabel="Sign out"
      onClose={() => navigate(ROUTES.logout)}
      onRetry={onRetry}
    >
      {why} The sign-in form could not be loaded: check your connection and choose Try again.
    </PartUnavailableDialog>
  );
}
