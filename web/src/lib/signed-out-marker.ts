import { SIGNED_OUT_COOKIE, SIGNED_OUT_MARKER_SECONDS } from '../../../shared/api-types.js';

/**
 * The device's own record that she signed out (docs/product.md §4 Sign-in step 6), kept until the server has heard
 * it. The session cookie is httpOnly: the page cannot remove it, and without a connection the server cannot end the
 * session. So signing out writes this marker cookie first: while it is there the client shows nobody's pages (the
 * server's first view is ignored), and the first request that reaches the server with it (the sign-out itself, a new
 * tab's page, the check made when the connection comes back) ends that session there and removes the marker
 * (server/auth/sessions/session-cookie.ts).
 */
export function markSignedOut(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGNED_OUT_COOKIE}=1; Path=/; Max-Age=${SIGNED_OUT_MARKER_SECONDS}; SameSite=Lax${secure}`;
}

/** The other tabs of this browser hear a sign-out at once, with or without a connection. */
const CHANNEL = 'portal.signed-out';

/**
 * This tab's one channel, to speak and to listen: a message reaches every other channel of that name, those of this
 * tab too, but never the channel that sent it. So this tab does not hear its own sign-out (it would leave the page it
 * is signing out from before /logout is reached, and the sign-in would bring her back to it).
 */
let channel: BroadcastChannel | null = null;
const listeners = new Set<() => void>();

function tabChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => listeners.forEach((listener) => listener());
  }
  return channel;
}

/** Tells this browser's other tabs that she signed out: they leave her pages too (auth-store.tsx). */
export function announceSignOut(): void {
  tabChannel()?.postMessage('signed-out');
}

/** Calls `listener` when another tab of this browser signs out. Returns the unsubscribe. */
export function onSignOutElsewhere(listener: () => void): () => void {
  if (!tabChannel()) return () => undefined;
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this device signed out and the server may not have heard it yet. */
export function isMarkedSignedOut(): boolean {
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${SIGNED_OUT_COOKIE}=`));
}

/** Tells the server of a sign-out made without a connection: any request with the marker ends the session. */
function deliverSignOut(): void {
  if (!isMarkedSignedOut()) return;
  void fetch('/api/session', { credentials: 'same-origin', cache: 'no-store' }).catch(() => undefined);
}

/**
 * Sends a pending sign-out when the connection comes back, and never shows a page kept by the browser's back-forward
 * cache (her record as it was before she signed out) once the device is signed out: it is loaded afresh instead.
 */
export function watchPendingSignOut(): void {
  window.addEventListener('online', deliverSignOut);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && isMarkedSignedOut()) window.location.reload();
  });
}
