import { SESSION_DATA_ID, type SessionInfo } from '../../../shared/api-types.js';

/**
 * The session's answer the server handed a signed-in student page with its first view (a JSON data block,
 * server/web-client/serve-web-client.ts), read once: the client starts from it instead of asking GET /api/session and
 * waiting for the answer before it asks for the page's data. Null on any other page, or if the block is not what it
 * should be (the client then asks, as before).
 */
export function takeEmbeddedSession(): SessionInfo | null {
  const block = document.getElementById(SESSION_DATA_ID);
  if (!block) return null;
  block.remove();
  try {
    const value = JSON.parse(block.textContent ?? '') as Partial<SessionInfo> | null;
    return value && typeof value.authenticated === 'boolean' && value.settings ? (value as SessionInfo) : null;
  } catch {
    return null;
  }
}
