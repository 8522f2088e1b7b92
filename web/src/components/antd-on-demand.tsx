import { Component, type ComponentType, type ReactNode, Suspense, lazy, use } from 'react';

/*
 * Code that comes when it is drawn (docs/design.md §7). The family's pages are drawn with the light kit; antd's theme
 * (AntdTheme, with antd's <App> for message and modal) is a chunk of its own, loaded by the routes that still draw
 * with antd (router.tsx) and by the parts made with antdOnDemand below, when they open. A family's dialogs and the PDF
 * viewer are made with onDemand: their own code only, when they open.
 */

/** The chunk of antd's theme (ConfigProvider and App). */
export const loadAntdTheme = () => import('./antd-theme.js');

/** antd's theme as a route element (wraps the child routes) or around children; suspends while it loads. */
export const AntdTheme = lazy(loadAntdTheme);

/** A part's code (or antd's theme) could not be loaded; `forget` lets the next drawing of the part ask again. */
class OnDemandLoadFailed extends Error {
  constructor(
    cause: unknown,
    readonly forget: () => void,
  ) {
    super('The code of a part loaded when it is drawn could not be loaded.', { cause });
  }
}

type Wrapper = ComponentType<{ children?: ReactNode }>;

/**
 * A part (a dialog, the PDF viewer), loaded the first time it is drawn; with antd's theme around it when `theme` loads
 * it. Made once, at a module's top level: made in a render, it would be a new component each time and lose what it
 * holds.
 *
 * A failed load is kept until its OnDemandBoundary has it (React draws the part again once the load has failed, and
 * must then get the same failed load to throw it: a fresh one there would be asked for, fail and be asked for again,
 * without end), then forgotten, so that the next drawing (Try again, or the part opened again) asks again. That may
 * still fail after the connection came back: a browser may keep a failed `import()` of a script until the page is
 * reloaded and answer from that (the HTML standard said so for years), so Try again cannot promise more than asking.
 */
function partOnDemand<P extends object>(
  load: () => Promise<ComponentType<P>>,
  theme: (() => Promise<Wrapper>) | null,
): (props: P) => ReactNode {
  type Loaded = [Wrapper | null, ComponentType<P>];
  let loading: Promise<Loaded> | null = null;
  const start = (): Promise<Loaded> => {
    if (loading) return loading;
    const attempt: Promise<Loaded> = Promise.all([theme ? theme() : null, load()]).catch((cause: unknown) => {
      throw new OnDemandLoadFailed(cause, () => {
        if (loading === attempt) loading = null;
      });
    });
    return (loading = attempt);
  };
  return function Loaded(props: P) {
    const [Theme, Part] = use(start());
    if (!Theme) return <Part {...props} />;
    return (
      <Theme>
        <Part {...props} />
      </Theme>
    );
  };
}

/** A part drawn with the light kit, whose code comes when it is first drawn (the family's dialogs, the PDF viewer). */
export const onDemand = <P extends object>(load: () => Promise<ComponentType<P>>) => partOnDemand(load, null);

/** A part drawn with antd, loaded the first time it is drawn, in antd's theme. */
export const antdOnDemand = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  partOnDemand(load, () => loadAntdTheme().then((m) => m.default));

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

  componentDidCatch(error: unknown) {
    // Had here: the next drawing asks for the code again.
    if (error instanceof OnDemandLoadFailed) error.forget();
  }

  retry = () => this.setState({ failed: false });

  render() {
    if (this.state.failed) return this.props.failed(this.retry);
    return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}
