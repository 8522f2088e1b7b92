import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client.js';
import { useDownloadFile } from '../api/use-download-file.js';
import { PageTitle } from './page-title.js';

export const EXPORT_FILE_NAME = 'Registration Data.xlsx';
const EXPORT_PATH = '/api/registration-data-spreadsheet';

/**
 * Export Data: the whole registration data as a spreadsheet, with the 'Downloading data...' dialog
 * (docs/product.md §2 Admin shell). Choosing Export Data in the menu is the request: the download starts as the
 * page opens (each time it is chosen, also from this page), and the page then says what it did, with a button to
 * download it again.
 */
export function ExportDataPage() {
  const download = useDownloadFile();
  const { key: visit } = useLocation();
  // One download per arrival (a menu click is a new history entry with its own key): not twice for one arrival
  // when React runs the effect again, and not on a re-render.
  const started = useRef<string | null>(null);
  const { mutate, isPending } = download;
  useEffect(() => {
    if (started.current === visit || isPending) return;
    started.current = visit;
    // An action she asked for by choosing the menu option, not data for the page: hence a mutation started here.
    mutate({ path: EXPORT_PATH, fileName: EXPORT_FILE_NAME });
  }, [visit, isPending, mutate]);

  return (
    <>
      <PageTitle>Export Data</PageTitle>
      <Card style={{ maxWidth: 640 }}>
        <Typography.Paragraph>
          One row per student with every field of the registration record, in the order of the form: lookups by name,
          phone numbers with 1868, dates as dates.
        </Typography.Paragraph>
        <div role="status">
          {download.isSuccess && (
            <Alert type="success" showIcon title={`${EXPORT_FILE_NAME} was downloaded.`} style={{ marginBottom: 16 }} />
          )}
        </div>
        {download.isError && (
          <Alert type="error" showIcon title={errorMessage(download.error)} style={{ marginBottom: 16 }} />
        )}
        <Button
          type={download.isError ? 'primary' : 'default'}
          icon={<DownloadOutlined />}
          // Not disabled while a download runs: the dialog above it takes the clicks and the keyboard then, and a
          // button greying and back again would be read mid-fade (below AA contrast) by anyone looking at that moment.
          onClick={() => download.mutate({ path: EXPORT_PATH, fileName: EXPORT_FILE_NAME })}
        >
          Download {EXPORT_FILE_NAME}
          {download.isSuccess || download.isError ? ' again' : ''}
        </Button>
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
