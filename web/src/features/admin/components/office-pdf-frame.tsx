import { Alert, Button, Spin } from 'antd';
import { PdfFrame, type PdfFrameProps, type PdfFrameStatus } from '../../../components/pdf-frame.js';

/** The office's PDF states, in antd (its pages are drawn with antd). */
const ANTD_STATUS: PdfFrameStatus = {
  loading: (label) => <Spin size="large" description={label} />,
  failed: ({ title, reason, retry }) => (
    <Alert
      type="error"
      showIcon
      title={title}
      description={reason}
      action={<Button onClick={retry}>Try again</Button>}
      style={{ maxWidth: 560 }}
    />
  ),
};

/** The shared PDF frame on the office's pages: its loading and failure drawn with antd. */
export function OfficePdfFrame(props: Omit<PdfFrameProps, 'status'>) {
  return <PdfFrame {...props} status={ANTD_STATUS} />;
}
