import type { CSSProperties, ReactNode } from 'react';
import { errorMessage } from '../lib/api-client.js';
import { usePdfObjectUrl } from '../lib/use-pdf-object-url.js';

/** What a PdfFrame says before the document is there: each kit draws it with its own alert and spinner. */
export interface PdfFrameStatus {
  /** While the server prepares the document ('Preparing the document…'). */
  loading: (label: string) => ReactNode;
  /** It cannot be shown: the title, the server's reason, and Try again. */
  failed: (failure: { title: string; reason: string; retry: () => void }) => ReactNode;
}

export interface PdfFrameProps {
  /** A same-origin PDF route, e.g. /api/registration-form/20260001 */
  url: string;
  /** The frame's accessible name. */
  title: string;
  /** Size of the frame (default: fill the parent). */
  style?: CSSProperties;
  /** The family's viewer draws its states with the light kit, the office with antd (admin's office-pdf-frame.tsx). */
  status: PdfFrameStatus;
}

/**
 * A PDF in an embedded frame (docs/product.md §2: registration forms, the registration report, report cards): a
 * spinner while the server prepares it, the server's message if it cannot, then the browser's own
 * PDF viewer (zoom, print on the document's paper, save). Drawn with no kit of its own: its two states come from the
 * caller's (`status`), so the office's pages and the family's viewer each show their own kit's alert.
 */
export function PdfFrame({ url, title, style, status }: PdfFrameProps) {
  const { objectUrl, isLoading, error, refetch } = usePdfObjectUrl(url);
  const box: CSSProperties = {
    width: '100%',
    height: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    ...style,
  };
  if (error) {
    return (
      <div style={box}>
        {status.failed({
          title: 'The document could not be shown.',
          reason: errorMessage(error),
          retry: () => void refetch(),
        })}
      </div>
    );
  }
  if (isLoading || !objectUrl) {
    return (
      <div style={box} role="status" aria-live="polite">
        {status.loading('Preparing the document…')}
      </div>
    );
  }
  return <iframe src={objectUrl} title={title} style={{ border: 'none', display: 'block', ...box }} />;
}
