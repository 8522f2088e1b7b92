import { Button, Result } from 'antd';

/** The portal could not ask the server who is signed in: say so and offer another try. */
export function StartupError({ onRetry }: { onRetry: () => void }) {
  return (
    <main>
      <Result
        status="warning"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>The portal cannot be reached</h1>}
        subTitle="Check your connection and try again. If it keeps happening, the school's server may be down."
        extra={
          <Button type="primary" onClick={onRetry}>
            Try again
          </Button>
        }
      />
    </main>
  );
}
