/**
 * docs/product.md §6: the client keeps a marker in session storage while someone is signed in. The server's session
 * (GET /api/session) stays the source of truth; the marker mirrors it for this tab.
 */
export const SESSION_MARKER_KEY = 'portal.authenticated';

export function writeSessionMarker(): void {
  try {
    sessionStorage.setItem(SESSION_MARKER_KEY, 'true');
  } catch {
    // Storage can be unavailable (private mode quotas); the server session still works.
  }
}

/** docs/product.md §4 Sign-in step 6: signing out clears session storage as a whole. */
export function clearSessionStorage(): void {
  try {
    sessionStorage.clear();
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
