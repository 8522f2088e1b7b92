import { Component, type ComponentType, type ReactNode, Suspense, lazy, use } from 'react';

/*
 * antd, only where it is drawn (docs/design.md §7). The pages a student opens first (the sign-in pages, the dashboard,
 * the term reports) are drawn without it; antd's theme (AntdTheme, with antd's <App> for message and modal) is a chunk
 * of its own, loaded by the routes that still draw with antd (router.tsx) and by the dialogs below, when they open.
 */

/** The chunk of antd's theme (ConfigProvider and App). */
export const loadAntdTheme = () => import('./antd-theme.js');

/** antd's theme as a route element (wraps the child routes) or around children; suspends while it loads. */
export const AntdTheme = lazy(loadAntdTheme);

export interface OnDemand<P> {
  (props: P): ReactNode;
  /** Asks for its code (and antd's theme) before it is drawn; a failure is left to the drawing. */
  preload(): Promise<unknown>;
}

/**
 * A part drawn with antd, loaded the first time it is drawn, in antd's theme. Unlike React.lazy, a failed load is not
 * kept: drawn again (OnDemandBoundary's Try again), it asks again, e.g. after the connection came back.
 */
export function antdOnDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemand<P> {
  let loading: Promise<[ComponentType<{ children?: ReactNode }>, ComponentType<P>]> | null = null;
  const start = () =>
    (loading ??= Promise.all([loadAntdTheme().then((m) => m.default), load()]).catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  function Loaded(props: P) {
    const [Theme, Part] = use(start());
    return (
      <Theme>
        <Part {...props} />
      </Theme>
    );
  }
  Loaded.preload = () => start();
  return Loaded;
}

interface BoundaryProps {
  /** Shown while the code loads. */
  fallback: ReactNode;
  /** Shown when it could not be loaded; `retry` draws it again (and so asks again). */
  failed: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Around an `antdOnDemand` part: its loading state, and its failure (no connection) instead of the route's error. */
export class OnDemandBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  retry = () => this.setState({ failed: false });

  render() {
    if (this.state.failed) return this.props.failed(this.retry);
    return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}
