import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ImportRowError } from '../../../../../shared/spreadsheet-import.js';
import { TERM_REPORT_LIMITS, TERM_REPORT_MESSAGES } from '../../../../../shared/term-reports.js';
import { errorMessage } from '../../../lib/api-client.js';
import { type ImportOutcome, useImportTermReports } from '../api/use-import-term-reports.js';
import { TERM_REPORT_ROUTES } from '../../../config/routes.js';

const TEMPLATE_URL = '/api/import-term-reports/template';
const ROWS_PER_SHEET = TERM_REPORT_LIMITS.rowsPerSheet.toLocaleString('en-US');

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Outcome({ outcome }: { outcome: ImportOutcome }) {
  if (outcome.refused) {
    const more = outcome.error_count > outcome.errors.length ? ` The first ${outcome.errors.length} are listed.` : '';
    return (
      <>
        <Alert
          type="error"
          showIcon
          title={`The file has ${plural(outcome.error_count, 'error', 'errors')}; nothing was imported.`}
          description={`Correct them in the spreadsheet and choose the file again.${more}`}
          style={{ marginBottom: 12 }}
        />
        <Table<ImportRowError & { key: number }>
          size="small"
          rowKey="key"
          dataSource={outcome.errors.map((e, key) => ({ ...e, key }))}
          pagination={outcome.errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: 'Sheet', dataIndex: 'sheet' },
            { title: 'Row', dataIndex: 'row', render: (v: number) => (v > 0 ? v : '') },
            { title: 'Column', dataIndex: 'field' },
            { title: 'Problem', dataIndex: 'message' },
          ]}
        />
      </>
    );
  }
  const counts =
    `${plural(outcome.created, 'new term report', 'new term reports')}, ` +
    `${plural(outcome.updated, 'term report', 'term reports')} replaced ` +
    `(${plural(outcome.rows.marks, 'mark row', 'mark rows')}, ` +
    `${plural(outcome.rows.summary, 'summary row', 'summary rows')}).`;
  if (outcome.dry_run) return <Alert type="info" showIcon title={`The file is ready to import: ${counts}`} />;
  return (
    <Alert
      type="success"
      showIcon
      title={`Imported: ${counts}`}
      description={
        <span>
          Students see their reports once the term is posted:{' '}
          <Link to={TERM_REPORT_ROUTES.post}>Post Term Reports</Link>.
        </span>
      }
    />
  );
}

/**
 * Import Term Reports (admin): choose a workbook or CSV, see it checked (a dry run listing every error
 * by sheet, row and column), then import it. A file with any error writes nothing.
 */
export function ImportTermReportsPage() {
  const importer = useImportTermReports();
  const [file, setFile] = useState<File | null>(null);
  const outcome = importer.data;

  const choose = (f: File) => {
    setFile(f);
    importer.mutate({ file: f, dryRun: true });
  };

  return (
    <>
      <title>Import Term Reports · Student Portal</title>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Import Term Reports
      </Typography.Title>
      <Card style={{ maxWidth: 900 }}>
        <Typography.Paragraph>
          Fill in the template: the <b>Marks</b> sheet has one row per student and subject, the <b>Summary</b> sheet one
          row per student (attendance, conduct, remarks, next term). Importing a student&apos;s term again replaces it.
          You may also import one sheet saved as CSV. At most {ROWS_PER_SHEET} rows per sheet.
        </Typography.Paragraph>
        <Button href={TEMPLATE_URL} download icon={<DownloadOutlined />} style={{ marginBottom: 16 }}>
          Download the template
        </Button>
        <Upload.Dragger
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          disabled={importer.isPending}
          beforeUpload={(f) => {
            choose(f);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Click or drag a file here (.xlsx or .csv)</p>
          <p className="ant-upload-hint">{file ? `Chosen: ${file.name}` : TERM_REPORT_MESSAGES.noFile}</p>
        </Upload.Dragger>
        <Flex vertical gap={12} style={{ marginTop: 16 }} aria-live="polite">
          {importer.isPending && (
            <Alert type="info" showIcon title={importer.variables?.dryRun ? 'Checking the file…' : 'Importing…'} />
          )}
          {importer.isError && <Alert type="error" showIcon title={errorMessage(importer.error)} />}
          {outcome && !importer.isPending && <Outcome outcome={outcome} />}
          {file && outcome && outcome.dry_run && !outcome.refused && !importer.isPending && (
            <div>
              <Button type="primary" onClick={() => importer.mutate({ file, dryRun: false })}>
                Import
              </Button>
            </div>
          )}
        </Flex>
      </Card>
    </>
  );
}
