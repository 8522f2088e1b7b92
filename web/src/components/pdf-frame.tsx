import { Alert, Button, Flex, Spin } from 'antd';
import type { CSSProperties } from 'react';
import { errorMessage } from '../lib/api-client.js';
import { usePdfObjectUrl } from '../lib/use-pdf-object-url.js';

export interface PdfFrameProps {
  /** A same-origin PDF route, e.g. /api/registration-form/20260001 */
  url: string;
  /** The frame's accessible name. */
  title: string;
  /** Size of the frame (default: fill the parent). */
  style?: CSSProperties;
}

/**
 * A PDF in an embedded frame (docs/product.md §2: registration forms, the registration report, report cards): a
 * spinner while the server prepares it, the server's message if it cannot, then the browser's own
 * PDF viewer (zoom, print on the document's paper, save).
 */
export function PdfFrame({ url, title, style }: PdfFrameProps) {
  const { objectUrl, isLoading, error, refetch } = usePdfObjectUrl(url);
  const box: CSSProperties = { width: '100%', height: '100%', ...style };
  if (error) {
    return (
      <Flex align="center" justify="center" style={box}>
        <Alert
          type="error"
          showIcon
          title="The document could not be shown."
          description={errorMessage(error)}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
          style={{ maxWidth: 560 }}
        />
      </Flex>
    );
  }
  if (isLoading || !objectUrl) {
    return (
      <Flex align="center" justify="center" style={box} role="status" aria-live="polite">
        <Spin size="large" description="Preparing the document…" />
      </Flex>
    );
  }
  return <iframe src={objectUrl} title={title} style={{ border: 'none', display: 'block', ...box }} />;
}
