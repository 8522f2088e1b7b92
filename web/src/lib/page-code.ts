/**
 * Brings the code of the page at a path (with what is drawn around it) before going there, so that a link can wait for
 * it and keep her on the page she is on if it cannot come (no connection), instead of opening a page that fails. The
 * router sets how (app/router.tsx); features ask through here, as they may not import the app.
 */
type PageCodeLoader = (pathname: string) => Promise<unknown> | null;

let loader: PageCodeLoader = () => null;

export function setPageCodeLoader(load: PageCodeLoader): void {
  loader = load;
}

/** Resolves once the page's code is here (at once when it already is, or the path has none of its own). */
export function loadPageCode(pathname: string): Promise<unknown> {
  return loader(pathname) ?? Promise.resolve();
}
