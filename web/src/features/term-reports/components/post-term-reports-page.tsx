import { DownOutlined, EditOutlined, PrinterOutlined, RightOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Dropdown, Flex, Grid, Input, Table, type TableProps, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { academicYearLabel, REPORT_LIST_FIRST_ID } from '../../../../../shared/constants.js';
import type { ClassPosting, TermReportsPostedItem } from '../../../../../shared/term-reports.js';
import { errorMessage } from '../../../lib/api-client.js';
import { classReportCardsUrl, useTermReportsPosted } from '../api/use-term-reports-posted.js';
import { TERM_REPORT_ROUTES } from '../../../config/routes.js';
import { HoldReportDialog, type HoldTarget } from './hold-report-dialog.js';
import { PostTermReportsDialog, type PostingTarget } from './post-term-reports-dialog.js';
import { TermDetails } from './term-details.js';

interface Row extends TermReportsPostedItem {
  /** docs/product.md §9: report list ids start at 101 */
  id: number;
  academicYear: string;
  /** 'posted', 'not posted' or 'scheduled for 2026-11-27 15:00' */
  postedText: string;
  /** the date posted; '' while a release time is ahead (it is in postedText) */
  statusText: string;
  /** classes posted or removed by themselves */
  ownClasses: string[];
}

/**
 * docs/product.md §2 Post Term Reports: a searchable table of every year and term with report data (Academic Year,
 * Term, Posted, Status = the date posted) with Edit per row, which opens the posting dialog. Each row
 * also offers the report cards of one class as one PDF, for printing, and opens (the button before its year) to its
 * classes, each posted or removed by itself, and to its held reports.
 */
export function PostTermReportsPage() {
  const posted = useTermReportsPosted();
  // Below antd's sm (576 px) the table's six columns would not fit: two columns hold the same.
  const narrow = Grid.useBreakpoint().sm === false;
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<PostingTarget | null>(null);
  const [holding, setHolding] = useState<HoldTarget | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);

  const rows = useMemo<Row[]>(
    () =>
      (posted.data ?? []).map((p, n) => ({
        ...p,
        id: REPORT_LIST_FIRST_ID + n,
        academicYear: academicYearLabel(p.year),
        postedText:
          p.posted && p.scheduled_for ? `scheduled for ${p.scheduled_for}` : p.posted ? 'posted' : 'not posted',
        statusText: p.scheduled_for ? '' : p.date_posted,
        ownClasses: p.class_postings.filter((c) => c.own).map((c) => c.class_id),
      })),
    [posted.data],
  );
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? rows.filter((r) =>
        [r.academicYear, String(r.term), r.postedText, r.statusText].some((v) => v.toLowerCase().includes(needle)),
      )
    : rows;

  const keyOf = (r: { year: number; term: number }) => `${r.year}-${r.term}`;
  const toggle = (r: Row) =>
    setExpanded((keys) => (keys.includes(keyOf(r)) ? keys.filter((k) => k !== keyOf(r)) : [...keys, keyOf(r)]));
  const postClass = (item: TermReportsPostedItem, c: ClassPosting) =>
    setEditing({ year: item.year, term: item.term, ...c });

  const toggleButton = (r: Row) => {
    const open = expanded.includes(keyOf(r));
    return (
      <Button
        type="text"
        size="small"
        icon={open ? <DownOutlined /> : <RightOutlined />}
        aria-expanded={open}
        aria-label={`Classes and held reports, ${r.year} Term ${r.term}`}
        onClick={() => toggle(r)}
        style={{ minWidth: 24, height: 24 }}
      />
    );
  };
  const postedCell = (r: Row) => (
    <>
      {r.postedText}
      {r.ownClasses.length > 0 && (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {r.ownClasses.length === 1 ? 'class' : 'classes'} {r.ownClasses.join(', ')} set apart
        </Typography.Text>
      )}
    </>
  );
  const editButton = (r: Row) => (
    <Button
      icon={<EditOutlined />}
      aria-label={`Edit ${r.year} Term ${r.term}`}
      onClick={() => setEditing({ ...r, class_id: undefined, ownPostings: r.class_postings.filter((c) => c.own) })}
    >
      Edit
    </Button>
  );
  const classMenu = (r: Row) => (
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
  );

  const columns: TableProps<Row>['columns'] = narrow
    ? // A phone: the same facts in two columns, so that nothing lies beyond the screen's edge.
      [
        {
          title: 'Term',
          key: 'term',
          render: (_, r) => (
            <Flex align="start" gap={4}>
              {toggleButton(r)}
              <div>
                <Typography.Text strong style={{ display: 'block' }}>
                  {r.academicYear} · Term {r.term}
                </Typography.Text>
                {postedCell(r)}
                {r.statusText && <span style={{ display: 'block' }}>{r.statusText}</span>}
              </div>
            </Flex>
          ),
        },
        {
          title: 'Actions',
          key: 'actions',
          render: (_, r) => (
            <Flex vertical gap={8} align="end">
              {editButton(r)}
              {classMenu(r)}
            </Flex>
          ),
        },
      ]
    : [
        {
          title: 'Academic Year',
          key: 'year',
          render: (_, r) => (
            <Flex align="center" gap={4}>
              {toggleButton(r)}
              {r.academicYear}
            </Flex>
          ),
        },
        { title: 'Term', dataIndex: 'term', key: 'term' },
        { title: 'Posted', key: 'posted', render: (_, r) => postedCell(r) },
        { title: 'Status', dataIndex: 'statusText', key: 'status' },
        { title: 'Edit', key: 'edit', render: (_, r) => editButton(r) },
        { title: 'Report cards', key: 'print', render: (_, r) => classMenu(r) },
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
          scroll={narrow ? undefined : { x: 'max-content' }}
          expandable={{
            showExpandColumn: false,
            expandedRowKeys: rows.filter((r) => expanded.includes(keyOf(r))).map((r) => r.id),
            expandedRowRender: (r) => (
              <TermDetails
                item={r}
                onPostClass={(c) => postClass(r, c)}
                onHold={() =>
                  setHolding({
                    year: r.year,
                    term: r.term,
                    classes: r.classes,
                    held: r.holds.map((h) => h.student_id),
                  })
                }
              />
            ),
          }}
          locale={{
            emptyText: (
              <span>
                No term reports yet. <Link to={TERM_REPORT_ROUTES.import}>Import Term Reports</Link>
              </span>
            ),
          }}
        />
      </Card>
      <PostTermReportsDialog target={editing} onClose={() => setEditing(null)} />
      <HoldReportDialog target={holding} onClose={() => setHolding(null)} />
    </>
  );
}
