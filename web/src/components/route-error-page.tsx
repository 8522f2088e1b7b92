import { Button, Result } from 'antd';
import { useRouteError } from 'react-router-dom';

/**
 * Shown when a page fails to render, most often because a new version was deployed and the old
 * page's code file is gone: reloading fetches the new one.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <main>
      <Result
        status="error"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>Something went wrong</h1>}
        subTitle="This page could not be shown. Reloading usually helps."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        }
      />
    </main>
  );
}
