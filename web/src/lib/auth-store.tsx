import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { LoginResponse, PublicSettings, Role, SessionEndReason, SessionInfo } from '../../../shared/api-types.js';
import { ROUTES, SIGNED_IN_HOME } from '../config/routes.js';
import { clearSessionStorage, SESSION_MARKER_KEY, writeSessionMarker } from '../config/session-marker.js';
import { markSignedIn, onSessionEnded } from './api-client.js';
import { onSignOutElsewhere } from './signed-out-marker.js';
import { SESSION_QUERY_KEY } from './queries/use-session.js';

export interface AuthState {
  authenticated: boolean;
  user: LoginResponse | null;
  /**
   * Where a fresh sign-in lands: the page she was sent away from, else /dashboard or /admin/dashboard
   * (docs/product.md §4 Sign-in). The visitor-only guard sends a signed-in user there once, then to its home.
   */
  landing: string | null;
  /**
   * The server's session has ended (idle time up, or a 401) while she was on a page: she stays on it,
   * with what she typed, and signs in again in a dialog (SessionKeeper). Still `authenticated`.
   */
  sessionEnded: boolean;
  /** Why it ended (the server's word; the idle time when the page's own timer ran out), while `sessionEnded`. */
  sessionEndReason: SessionEndReason | null;
}

export interface AuthStore extends AuthState {
  settings: PublicSettings;
  isAdmin: boolean;
  /** The route a visitor-only page sends a signed-in user to. */
  signedInTarget: string;
  signIn(user: LoginResponse, landing: string): void;
  /** The session ended under an open page (see sessionEnded), for `reason` (by default the idle time). */
  endSession(reason?: SessionEndReason): void;
  /** Signed in again in place after the session ended: the page carries on. */
  resume(user: LoginResponse): void;
  /** The user's details changed (e.g. after a password change); authentication is unchanged. */
  updateUser(user: LoginResponse): void;
  landed(): void;
  signOut(): void;
}

const AuthContext = createContext<AuthStore | null>(null);

/** Where a visitor-only page sends someone signed in (docs/product.md §2 Route guard). */
const SIGNED_IN_TARGET: Record<Role, string> = {
  student: SIGNED_IN_HOME,
  admin: ROUTES.adminDashboard,
  guardian: ROUTES.dashboard,
};

/**
 * A student who must still reset her password is not signed in as far as the client goes (docs/product.md §4 Sign-in
 * step 3).
 */
export function mustResetPassword(user: LoginResponse): boolean {
  return user.role === 'student' && user.password_reset === 1;
}

function initialState(session: SessionInfo): AuthState {
  const user = session.authenticated && session.user && !mustResetPassword(session.user) ? session.user : null;
  // The server is the source of truth after a reload; the tab's marker follows it (in the browser: the server draws
  // the page too, entry-server.tsx).
  if (typeof sessionStorage === 'undefined')
    return { authenticated: user !== null, user, landing: null, sessionEnded: false, sessionEndReason: null };
  if (user) writeSessionMarker();
  else if (sessionStorage.getItem(SESSION_MARKER_KEY)) clearSessionStorage();
  return { authenticated: user !== null, user, landing: null, sessionEnded: false, sessionEndReason: null };
}

export function AuthProvider({ session, children }: { session: SessionInfo; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() => initialState(session));

  const setSessionUser = useCallback(
    (user: LoginResponse | null) => {
      queryClient.setQueryData<SessionInfo>(SESSION_QUERY_KEY, (old) =>
        old ? { ...old, authenticated: user !== null, user } : old,
      );
    },
    [queryClient],
  );

  const signIn = useCallback(
    (user: LoginResponse, landing: string) => {
      markSignedIn();
      writeSessionMarker();
      setSessionUser(user);
      setState({ authenticated: true, user, landing, sessionEnded: false, sessionEndReason: null });
    },
    [setSessionUser],
  );

  const endSession = useCallback(
    (reason?: SessionEndReason) =>
      setState((s) =>
        s.authenticated && !s.sessionEnded ? { ...s, sessionEnded: true, sessionEndReason: reason ?? 'idle' } : s,
      ),
    [],
  );

  const resume = useCallback(
    (user: LoginResponse) => {
      markSignedIn();
      writeSessionMarker();
      setSessionUser(user);
      setState((s) => ({ ...s, authenticated: true, user, sessionEnded: false, sessionEndReason: null }));
      // Whatever failed while signed out is asked for again under the new session.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    },
    [queryClient, setSessionUser],
  );

  const updateUser = useCallback(
    (user: LoginResponse) => {
      setSessionUser(user);
      setState((s) => ({ ...s, user }));
    },
    [setSessionUser],
  );

  const landed = useCallback(() => setState((s) => (s.landing ? { ...s, landing: null } : s)), []);

  const signOut = useCallback(() => {
    clearSessionStorage();
    // Nothing of the previous user may stay in memory; the public settings are kept.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    setSessionUser(null);
    setState({ authenticated: false, user: null, landing: null, sessionEnded: false, sessionEndReason: null });
  }, [queryClient, setSessionUser]);

  // Any 401 means the server's session is gone (expired, signed out elsewhere, password changed): it says which.
  useEffect(() => onSessionEnded((reason) => endSession(reason ?? 'ended')), [endSession]);
  // Signed out in another tab of this browser (perhaps without a connection): this tab leaves her pages too.
  useEffect(() => onSignOutElsewhere(signOut), [signOut]);

  const value = useMemo<AuthStore>(
    () => ({
      ...state,
      settings: session.settings,
      isAdmin: state.user?.role === 'admin',
      // An administrator never lands on a student-only page; a guardian starts from her daughter's dashboard (or
      // the chooser, when she has not chosen one of several).
      signedInTarget: state.landing ?? SIGNED_IN_TARGET[state.user?.role ?? 'student'],
      signIn,
      endSession,
      resume,
      updateUser,
      landed,
      signOut,
    }),
    [state, session.settings, signIn, endSession, resume, updateUser, landed, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthStore {
  const store = useContext(AuthContext);
  if (!store) throw new Error('useAuth must be used inside <AuthProvider>');
  return store;
}
