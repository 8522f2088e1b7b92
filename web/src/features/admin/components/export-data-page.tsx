import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Modal, Spin, Typography } from 'antd';
import { errorMessage } from '../../../lib/api-client.js';
import { useDownloadFile } from '../api/use-download-file.js';
import { PageTitle } from './page-title.js';

export const EXPORT_FILE_NAME = 'Registration Data.xlsx';

/**
 * Export Data: the whole registration data as a spreadsheet, with the 'Downloading data...' dialog
 * (docs/product.md §2 Admin shell).
 */
export function ExportDataPage() {
  const download = useDownloadFile();
  return (
    <>
      <PageTitle>Export Data</PageTitle>
      <Card style={{ maxWidth: 640 }}>
        <Typography.Paragraph>
          One row per student with every field of the registration record, in the order of the form: lookups by name,
          phone numbers with 1868, dates as dates.
        </Typography.Paragraph>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          onClick={() => download.mutate({ path: '/api/registration-data-spreadsheet', fileName: EXPORT_FILE_NAME })}
          disabled={download.isPending}
        >
          Download {EXPORT_FILE_NAME}
        </Button>
        {download.isSuccess && (
          <Alert type="success" showIcon title={`${EXPORT_FILE_NAME} was downloaded.`} style={{ marginTop: 16 }} />
        )}
        {download.isError && (
          <Alert type="error" showIcon title={errorMessage(download.error)} style={{ marginTop: 16 }} />
        )}
      </Card>
      <Modal
        open={download.isPending}
        closable={false}
        maskClosable={false}
        keyboard={false}
        footer={null}
        width={320}
        title={null}
      >
        <div role="status" aria-live="polite" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Spin /> <span>Downloading data...</span>
        </div>
      </Modal>
    </>
  );
}
