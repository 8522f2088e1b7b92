import { Typography } from 'antd';
import type { CSSProperties } from 'react';

/** The one h1 of an admin screen, and the document title to match. */
export function PageTitle({ children, style }: { children: string; style?: CSSProperties }) {
  return (
    <>
      <title>{`${children} · Administrator · Student Portal`}</title>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, ...style }}>
        {children}
      </Typography.Title>
    </>
  );
}
