import { type ComponentType, createElement, lazy, useEffect, useState } from 'react';
import { OfflineNotice } from '../components/offline-notice.js';

/** A page (or a part drawn around pages) whose code is loaded on demand, and can be asked for ahead of time. */
export type PreloadablePage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Like React.lazy, but once `preload()` has brought the code the page renders at once, without a
 * suspended first render and its fallback. main.tsx preloads the page of the address being opened
 * together with the session, so the first thing the client draws is that page.
 *
 * Code that cannot be loaded (no connection) is not the whole page's error: its place says so, with "Try again", and
 * the page is drawn as soon as a try (or the connection coming back) brings it.
 */
export function preloadablePage<P extends object = object>(load: () => Promise<ComponentType<P>>): PreloadablePage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const arrived = new Set<() => void>();
  const preload = () => {
    pending ??= load().then(
      (page) => {
        loaded = page;
        arrived.forEach((redraw) => redraw());
        return page;
      },
      (error: unknown) => {
        pending = undefined; // a later try may succeed (a dropped connection)
        throw error;
      },
    );
    return pending;
  };
  const retry = () => void preload().catch(() => undefined);
  const Failed = () => createElement(OfflineNotice, { what: 'this page', retry, className: 'offline-notice-page' });
  const Lazy = lazy(() =>
    preload().then(
      (page) => ({ default: page }),
      () => ({ default: Failed as unknown as ComponentType<P> }),
    ),
  );
  const Page = (props: P) => {
    const [, redraw] = useState(0);
    useEffect(() => {
      const onArrival = () => redraw((n) => n + 1);
      arrived.add(onArrival);
      return () => void arrived.delete(onArrival);
    }, []);
    return createElement(loaded ?? Lazy, props);
  };
  return Object.assign(Page, { preload });
}
