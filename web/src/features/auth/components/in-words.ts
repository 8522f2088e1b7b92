/**
 * "2 minutes", "1 minute", "30 seconds": whole minutes, and tens of seconds in the last minute, so the
 * warning's live region is not re-announced every second.
 */
export function inWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds >= 60) {
    const minutes = Math.round(seconds / 60);
    return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }
  const tens = Math.max(10, Math.ceil(seconds / 10) * 10);
  return `${tens} seconds`;
}
