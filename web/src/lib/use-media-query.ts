import { useSyncExternalStore } from 'react';

/** Whether the CSS media query matches now, drawn again when that changes (a phone turned, a window resized). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // The server (and the browser while it adopts the server's HTML) draws the narrow layout; what differs at other
    // widths is shown or hidden by the stylesheet, so the page does not move when the browser takes over.
    () => false,
  );
}
