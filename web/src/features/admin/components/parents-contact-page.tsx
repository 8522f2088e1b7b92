import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { LAYOUT } from '../../../../../shared/constants.js';
import { OfficePdfFrame } from './office-pdf-frame.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useDownloadFile } from '../api/use-download-file.js';
import { ALL_CLASSES, ClassPicker } from './class-picker.js';
import { PageTitle } from './page-title.js';

/** Parents Contact: per class, each student's parents, guardian and emergency contact, as PDF and spreadsheet. */
export function ParentsContactPage() {
  const [params, setParams] = useSearchParams();
  const classId = params.get('class') ?? ALL_CLASSES;
  const query = classId === ALL_CLASSES ? '' : `?class_id=${encodeURIComponent(classId)}`;
  const download = useDownloadFile();
  const fileName = `Parents Contact${classId === ALL_CLASSES ? '' : ` ${classId}`}.xlsx`;
  return (
    <>
      <Flex align="center" justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <PageTitle style={{ margin: 0 }}>Parents Contact</PageTitle>
        <Flex gap={8} wrap>
          <ClassPicker
            value={classId}
            onChange={(v) => setParams(v === ALL_CLASSES ? {} : { class: v })}
            allLabel="All classes"
          />
          <Button
            icon={<DownloadOutlined />}
            loading={download.isPending}
            onClick={() => download.mutate({ path: `/api/parents-contact/spreadsheet${query}`, fileName })}
          >
            Spreadsheet
          </Button>
        </Flex>
      </Flex>
      {download.isError && (
        <Alert type="error" showIcon title={errorMessage(download.error)} style={{ marginBottom: 12 }} />
      )}
      <Card styles={{ body: { padding: 0 } }}>
        <OfficePdfFrame
          key={query}
          url={`/api/parents-contact/pdf${query}`}
          title="Parents contact"
          style={{ height: LAYOUT.reportViewerHeight }}
        />
      </Card>
    </>
  );
}
