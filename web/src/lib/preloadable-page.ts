import { type ComponentType, createElement, lazy } from 'react';

/** A page (or a part drawn around pages) whose code is loaded on demand, and can be asked for ahead of time. */
export type PreloadablePage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Like React.lazy, but once `preload()` has brought the code the page renders at once, without a
 * suspended first render and its fallback. main.tsx preloads the page of the address being opened
 * together with the session, so the first thing the client draws is that page.
 */
export function preloadablePage<P extends object = object>(load: () => Promise<ComponentType<P>>): PreloadablePage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (page) => (loaded = page),
      (error: unknown) => {
        pending = undefined; // a later try may succeed (a dropped connection)
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((page) => ({ default: page })));
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload });
}
