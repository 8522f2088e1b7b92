import { Card, Flex } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { LAYOUT } from '../../../../../shared/constants.js';
import { OfficePdfFrame } from './office-pdf-frame.js';
import { registrationReportUrl } from '../../../lib/registration-pdf-urls.js';
import { ALL_CLASSES, ClassPicker } from './class-picker.js';
import { PageTitle } from './page-title.js';

/** docs/product.md §2 Reports: the all-students registration report embedded at 82vh; the class is kept in the URL. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const classId = params.get('class') ?? ALL_CLASSES;
  const url = registrationReportUrl(classId === ALL_CLASSES ? null : classId);
  return (
    <>
      <Flex align="center" justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <PageTitle style={{ margin: 0 }}>Reports</PageTitle>
        <ClassPicker value={classId} onChange={(v) => setParams(v === ALL_CLASSES ? {} : { class: v })} />
      </Flex>
      <Card styles={{ body: { padding: 0 } }}>
        <OfficePdfFrame key={url} url={url} title="Registration report" style={{ height: LAYOUT.reportViewerHeight }} />
      </Card>
    </>
  );
}
