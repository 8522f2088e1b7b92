import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Modal } from 'antd';
import { PdfFrame } from './pdf-frame.js';

export interface PdfViewerProps {
  /** The same-origin PDF route to show, or null when the viewer is closed. */
  url: string | null;
  title: string;
  /** Name for Download (the browser adds nothing). */
  fileName: string;
  onClose: () => void;
}

/**
 * The full-screen PDF viewer (docs/product.md §2 Complete 'Generate Registration Form', report cards): the document
 * in a frame with the browser's viewer (print uses the document's paper, e.g. Legal), and Open,
 * Download and Close. Phones whose browsers do not show PDFs in a frame use Open or Download.
 */
export function PdfViewer({ url, title, fileName, onClose }: PdfViewerProps) {
  return (
    <Modal
      open={url !== null}
      onCancel={onClose}
      title={title}
      width="100vw"
      destroyOnHidden
      style={{ top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 }}
      styles={{
        container: { height: '100vh', display: 'flex', flexDirection: 'column', borderRadius: 0, padding: 12 },
        body: { flex: 1, minHeight: 0 },
      }}
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button href={url ?? undefined} target="_blank" rel="noopener" icon={<ExportOutlined />}>
            Open
          </Button>
          <Button href={url ?? undefined} download={fileName} icon={<DownloadOutlined />}>
            Download
          </Button>
          <Button type="primary" onClick={onClose}>
            Close
          </Button>
        </Flex>
      }
    >
      {url && <PdfFrame url={url} title={title} />}
    </Modal>
  );
}
