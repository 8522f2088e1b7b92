import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { PageSpinner } from './page-spinner.js';
import { PlainModal } from './plain-dialog.js';
import { PdfFrame, type PdfFrameStatus } from './pdf-frame.js';
import { PlainIcon } from './plain-icon.js';
import { buttonClasses, PlainAlert, PlainButton } from './plain-ui.js';

export interface PdfViewerProps {
  /** The same-origin PDF route to show, or null when the viewer is closed. */
  url: string | null;
  title: string;
  /** Name for Download (the browser adds nothing). */
  fileName: string;
  onClose: () => void;
}

/** The frame's states in the light kit. */
const PLAIN_STATUS: PdfFrameStatus = {
  loading: (label) => <PageSpinner label={label} />,
  failed: ({ title, reason, retry }) => (
    <PlainAlert
      type="error"
      title={title}
      description={reason}
      action={<PlainButton onClick={retry}>Try again</PlainButton>}
      style={{ maxWidth: 560 }}
    />
  ),
};

/**
 * The full-screen PDF viewer (docs/product.md §2 Complete 'Generate Registration Form', report cards): the document
 * in a frame with the browser's viewer (print uses the document's paper, e.g. Legal), and Open,
 * Download and Close. Phones whose browsers do not show PDFs in a frame use Open or Download. Drawn with the light kit:
 * a family opens it over her pages.
 */
export function PdfViewer({ url, title, fileName, onClose }: PdfViewerProps) {
  return (
    <PlainModal
      open={url !== null}
      onClose={onClose}
      title={title}
      fullScreen
      footer={
        <>
          <a href={url ?? undefined} target="_blank" rel="noopener" className={buttonClasses({})}>
            <PlainIcon icon={ExportOutlined} />
            <span>Open</span>
          </a>
          <a href={url ?? undefined} download={fileName} className={buttonClasses({})}>
            <PlainIcon icon={DownloadOutlined} />
            <span>Download</span>
          </a>
          <PlainButton variant="primary" onClick={onClose}>
            Close
          </PlainButton>
        </>
      }
    >
      {url && <PdfFrame url={url} title={title} status={PLAIN_STATUS} />}
    </PlainModal>
  );
}
