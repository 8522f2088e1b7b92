import { EditOutlined, PrinterOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Dropdown, Input, Table, type TableProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { academicYearLabel, REPORT_LIST_FIRST_ID } from '../../../../../shared/constants.js';
import type { TermReportsPostedItem } from '../../../../../shared/term-reports.js';
import { errorMessage } from '../../../lib/api-client.js';
import { classReportCardsUrl, useTermReportsPosted } from '../api/use-term-reports-posted.js';
import { TERM_REPORT_ROUTES } from '../../../config/routes.js';
import { PostTermReportsDialog } from './post-term-reports-dialog.js';

interface Row extends TermReportsPostedItem {
  /** docs/product.md §9: report list ids start at 101 */
  id: number;
  academicYear: string;
  postedText: 'posted' | 'not posted';
}

/**
 * docs/product.md §2 Post Term Reports: a searchable table of every year and term with report data (Academic Year,
 * Term, Posted, Status = the date posted) with Edit per row, which opens the posting dialog. Each row
 * also offers the report cards of one class as one PDF, for printing.
 */
export function PostTermReportsPage() {
  const posted = useTermReportsPosted();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TermReportsPostedItem | null>(null);

  const rows = useMemo<Row[]>(
    () =>
      (posted.data ?? []).map((p, n) => ({
        ...p,
        id: REPORT_LIST_FIRST_ID + n,
        academicYear: academicYearLabel(p.year),
        postedText: p.posted ? 'posted' : 'not posted',
      })),
    [posted.data],
  );
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? rows.filter((r) =>
        [r.academicYear, String(r.term), r.postedText, r.date_posted].some((v) => v.toLowerCase().includes(needle)),
      )
    : rows;

  const columns: TableProps<Row>['columns'] = [
    { title: 'Academic Year', dataIndex: 'academicYear', key: 'year' },
    { title: 'Term', dataIndex: 'term', key: 'term' },
    { title: 'Posted', dataIndex: 'postedText', key: 'posted' },
    { title: 'Status', dataIndex: 'date_posted', key: 'status' },
    {
      title: 'Edit',
      key: 'edit',
      render: (_, r) => (
        <Button icon={<EditOutlined />} aria-label={`Edit ${r.year} Term ${r.term}`} onClick={() => setEditing(r)}>
          Edit
        </Button>
      ),
    },
    {
      title: 'Report cards',
      key: 'print',
      render: (_, r) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: r.classes.map((c) => ({
              key: c,
              label: (
                <a href={classReportCardsUrl(r.year, r.term, c)} target="_blank" rel="noopener">
                  Class {c}
                </a>
              ),
            })),
          }}
        >
          <Button icon={<PrinterOutlined />} aria-label={`Report cards of a class, ${r.year} Term ${r.term}`}>
            Class
          </Button>
        </Dropdown>
      ),
    },
  ];

  return (
    <>
      <title>Post Term Reports · Student Portal</title>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        Post Term Reports
      </Typography.Title>
      <Card>
        <Input
          prefix={<SearchOutlined />}
          placeholder="Search"
          aria-label="Search term reports"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 320, marginBottom: 16 }}
        />
        {posted.isError && (
          <Alert type="error" showIcon title={errorMessage(posted.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<Row>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={shown}
          loading={posted.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <span>
                No term reports yet. <Link to={TERM_REPORT_ROUTES.import}>Import Term Reports</Link>
              </span>
            ),
          }}
        />
      </Card>
      <PostTermReportsDialog item={editing} onClose={() => setEditing(null)} />
    </>
  );
}
