import { apiClient } from '../../../lib/api-client.js';

/**
 * POST /logout. Run by the /logout route's loader (the router's data API), not by a component:
 * the answer does not matter, §4 says sign-out errors are ignored.
 */
export async function logout(): Promise<null> {
  try {
    await apiClient.post<void>('/logout');
  } catch {
    // Signing out locally goes ahead whether or not the server answered.
  }
  return null;
}
