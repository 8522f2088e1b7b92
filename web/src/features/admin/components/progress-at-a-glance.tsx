import { CheckOutlined, MailOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Flex, Progress, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ClassProgress, IncompleteStudent } from '../../../../../shared/admin-types.js';
import { DOCUMENT_LABELS, DOCUMENT_ORDER } from '../../../../../shared/documents.js';
import { STEP_LABELS } from '../../../../../shared/registration-progress.js';
import { REGISTRATION_STEPS, type RegistrationStep } from '../../../../../shared/student-fields.js';
import { errorMessage } from '../../../lib/api-client.js';
import { adminRegistrationPath } from '../admin-routes.js';
import { useRegistrationProgress } from '../api/use-registration-progress.js';
import { classRoundText, hasReturningProgress } from '../registration-round.js';
import { ReminderDialog, type ReminderTarget } from './reminder-dialog.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';
import './progress-at-a-glance.css';

const SHORT_STEP: Record<RegistrationStep, string> = {
  studentData: 'Student',
  familyData: 'Family',
  healthData: 'Medical',
  otherData: 'Other',
  documents: 'Documents',
  submit: 'Complete',
};

/** '12/30' with a bar: how many of the class have done it. */
function Count({ n, of }: { n: number; of: number }) {
  return (
    <div style={{ minWidth: 64 }}>
      <div>
        {n}/{of}
      </div>
      <Progress percent={of ? Math.round((n * 100) / of) : 0} showInfo={false} size="small" aria-hidden />
    </div>
  );
}

// antd's orange tag has 3.4:1 contrast; this one 7:1 (WCAG AA asks 4.5:1).
const MISSING_DOCUMENT_TAG = {
  color: CSS_COLOR.orangeText,
  background: CSS_COLOR.orangeBg,
  borderColor: CSS_COLOR.orangeBorder,
};

// antd's green tag text is under 4.5:1 on its background; this one 9:1.
const FINISHED_TAG = {
  color: CSS_COLOR.successDarker,
  background: CSS_COLOR.successBg,
  borderColor: CSS_COLOR.successBorder,
};

/** 'Class 1A' or 'Students without a class'. */
const classLabel = (classId: string) => (classId ? `Class ${classId}` : 'Students without a class');

/** The whole class's unfinished students (by class, or by their ids when they have none). */
function classTarget(group: ClassProgress): ReminderTarget {
  return {
    classId: group.class_id,
    studentIds: group.class_id ? null : group.incomplete.map((s) => s.id),
    count: group.incomplete.length,
  };
}

function Chase({ group, onRemind }: { group: ClassProgress; onRemind: (target: ReminderTarget) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const columns: TableColumnsType<IncompleteStudent> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 100 },
    {
      title: 'Name',
      dataIndex: 'name',
      key: 'name',
      render: (name: string, s) => <Link to={adminRegistrationPath(s.id)}>{name}</Link>,
    },
    { title: 'Steps done', dataIndex: 'completed', key: 'completed', width: 90, render: (n: number) => `${n}/6` },
    {
      title: 'Still to do',
      key: 'missing',
      render: (_, s) => (
        <Flex gap={4} wrap>
          {s.missing_steps
            .filter((k) => k !== 'documents')
            .map((k) => (
              <Tag key={k}>{STEP_LABELS[k as RegistrationStep]}</Tag>
            ))}
          {s.missing_documents.map((d) => (
            <Tag key={d} style={MISSING_DOCUMENT_TAG}>
              {DOCUMENT_LABELS[d as keyof typeof DOCUMENT_LABELS] ?? d}
            </Tag>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
        <Button
          icon={<MailOutlined />}
          disabled={selected.length === 0}
          onClick={() =>
            onRemind({
              classId: group.class_id,
              studentIds: selected,
              count: selected.length,
              onSent: () => setSelected([]),
            })
          }
        >
          Send reminder to selected
        </Button>
        <Typography.Text type="secondary" role="status">
          {selected.length === 0 ? 'Tick students to remind only some.' : `${selected.length} selected`}
        </Typography.Text>
      </Flex>
      {/* A long list scrolls sideways in its own region (no hidden measuring row holding the tick-all box). */}
      <div
        role="region"
        aria-label={`${classLabel(group.class_id)}: not finished`}
        tabIndex={0}
        style={{ overflowX: 'auto' }}
      >
        <Table<IncompleteStudent>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={group.incomplete}
          pagination={group.incomplete.length > 20 ? { pageSize: 20, size: 'small' } : false}
          style={{ minWidth: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            preserveSelectedRowKeys: true,
            getCheckboxProps: (s) => ({ 'aria-label': `Select ${s.name}` }),
          }}
        />
      </div>
    </>
  );
}

/** '1A: 28 finished, 2 not finished': one class in the summary line. */
function classSummary(g: ClassProgress): string {
  const name = g.class_id || 'No class';
  return g.incomplete.length === 0
    ? `${name}: all ${g.total} finished`
    : `${name}: ${g.complete} finished, ${g.incomplete.length} not finished`;
}

const DETAILS_ID = 'registration-progress-details';

/**
 * Registration progress at a glance (above the Students table), kept short so that the table is on the first
 * screen: one line of finished / not finished per class. Its details, opened on demand (or by a class in the
 * line): per class, who has not finished and what is missing, with the reminders; and per class how many have
 * completed each step and sent each document.
 */
export function ProgressAtAGlance() {
  const progress = useRegistrationProgress();
  // Drawn from a deferred copy, as the Students table's list: the summary is drawn in short slices, not in the task
  // that the answer arrives in.
  const data = useDeferredValue(progress.data);
  const loading = progress.isLoading || (data === undefined && progress.data !== undefined);
  const [reminder, setReminder] = useState<ReminderTarget | null>(null);
  const [openClasses, setOpenClasses] = useState<string[]>([]);
  const [showDetails, setShowDetails] = useState(false);
  // The returning students' round, once the school has moved on to a new year with students carried over.
  const returning = data ? hasReturningProgress(data.classes) : false;
  const columns: TableColumnsType<ClassProgress> = [
    { title: 'Class', dataIndex: 'class_id', key: 'class', width: 70, render: (v: string) => v || 'No class' },
    { title: 'Students', dataIndex: 'total', key: 'total', width: 80 },
    { title: 'Finished', key: 'complete', render: (_, g) => <Count n={g.complete} of={g.total} /> },
    ...(returning
      ? [
          {
            // Grouped under one heading: "Not started" here is the returning students' round, not a step.
            title: 'Returning students',
            key: 'round',
            children: [
              {
                title: 'Confirmed',
                key: 'round-confirmed',
                render: (_: unknown, g: ClassProgress) => g.round?.confirmed ?? 0,
              },
              {
                title: 'Changed, not reviewed',
                key: 'round-changed',
                render: (_: unknown, g: ClassProgress) => g.round?.changed_not_reviewed ?? 0,
              },
              {
                title: 'Not started',
                key: 'round-not-started',
                render: (_: unknown, g: ClassProgress) => g.round?.not_started ?? 0,
              },
            ],
          },
        ]
      : []),
    ...REGISTRATION_STEPS.map((step) => ({
      title: SHORT_STEP[step],
      key: step,
      render: (_: unknown, g: ClassProgress) => <Count n={g.steps[step] ?? 0} of={g.total} />,
    })),
    ...DOCUMENT_ORDER.map((doc) => ({
      title: DOCUMENT_LABELS[doc],
      key: doc,
      render: (_: unknown, g: ClassProgress) => <Count n={g.documents[doc] ?? 0} of={g.total} />,
    })),
  ];
  /** A class in the summary line opens the details with its list of who has not finished. */
  const openClass = (classId: string) => {
    setShowDetails(true);
    setOpenClasses((open) => (open.includes(classId) ? open : [...open, classId]));
  };
  return (
    <Card size="small" styles={{ body: { padding: 0 } }} style={{ marginBottom: 12 }}>
      {/* Its own heading line rather than the card's title bar, which cuts the title short on a phone. */}
      <Flex wrap align="center" justify="space-between" gap={8} style={{ padding: '8px 12px 0', rowGap: 4 }}>
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Registration Progress
        </Typography.Title>
        <Flex gap={8} align="center" wrap>
          {data && (
            <Typography.Text type="secondary">
              {data.complete} of {data.total} finished
            </Typography.Text>
          )}
          {data && data.classes.length > 0 && (
            <Button
              size="small"
              aria-expanded={showDetails}
              aria-controls={DETAILS_ID}
              icon={<RightOutlined aria-hidden rotate={showDetails ? 90 : 0} />}
              onClick={() => setShowDetails((v) => !v)}
            >
              {showDetails ? 'Hide details' : 'Show details'}
            </Button>
          )}
        </Flex>
      </Flex>
      {progress.isError ? (
        <Typography.Paragraph type="danger" role="alert" style={{ padding: 16, margin: 0 }}>
          {errorMessage(progress.error)}{' '}
          <Button size="small" onClick={() => void progress.refetch()}>
            Try again
          </Button>
        </Typography.Paragraph>
      ) : (
        <>
          {/* The summary: finished / not finished per class, each unfinished class a way into its list. */}
          <ul
            aria-label="Finished per class"
            aria-busy={loading}
            style={{ display: 'flex', flexWrap: 'wrap', gap: 6, listStyle: 'none', margin: 0, padding: '8px 12px' }}
          >
            {loading && <li>Loading…</li>}
            {data?.classes.map((g) => (
              <li key={g.class_id}>
                {g.incomplete.length === 0 ? (
                  <Tag style={{ ...FINISHED_TAG, margin: 0, lineHeight: '22px' }}>
                    <CheckOutlined aria-hidden /> {classSummary(g)}
                  </Tag>
                ) : (
                  // A plain button in antd's look (progress-at-a-glance.css): one a class, beside the table.
                  <button
                    type="button"
                    className="class-summary-button"
                    onClick={() => openClass(g.class_id)}
                    aria-controls={DETAILS_ID}
                  >
                    {classSummary(g)}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {returning && data && (
            // The returning students' round per class: who confirmed, whose changes the office has still to see.
            <ul
              aria-label="Returning students per class"
              style={{
                listStyle: 'none',
                margin: 0,
                padding: '0 12px 8px',
                display: 'flex',
                flexWrap: 'wrap',
                gap: '2px 16px',
              }}
            >
              {data.classes
                .filter((g) => hasReturningProgress([g]))
                .map((g) => (
                  <li key={g.class_id}>
                    <Typography.Text strong>{g.class_id || 'No class'}</Typography.Text>
                    {` returning: ${classRoundText(g.round)}`}
                  </li>
                ))}
            </ul>
          )}
          <div id={DETAILS_ID} hidden={!showDetails} style={{ borderTop: `1px solid ${CSS_COLOR.borderSecondary}` }}>
            {showDetails && data && data.classes.some((g) => g.incomplete.length > 0) && (
              <Collapse
                ghost
                size="small"
                // The title is a target of its own beside the reminder button: 28 px tall (WCAG 2.2 target size),
                // and the button goes under it on a narrow phone rather than past the screen's edge.
                styles={{
                  header: { flexWrap: 'wrap', rowGap: 4 },
                  title: { display: 'inline-flex', alignItems: 'center', minHeight: 28 },
                }}
                activeKey={openClasses}
                onChange={(keys) => setOpenClasses(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
                items={data.classes
                  .filter((g) => g.incomplete.length > 0)
                  .map((g) => ({
                    key: g.class_id,
                    // Only the title opens the list: the reminder button beside it is a control of its own.
                    collapsible: 'header' as const,
                    showArrow: false,
                    label: (
                      <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                        <RightOutlined aria-hidden rotate={openClasses.includes(g.class_id) ? 90 : 0} />
                        <span>{`Class ${g.class_id || '(none)'}: ${g.incomplete.length} not finished`}</span>
                      </span>
                    ),
                    extra: (
                      <Button
                        size="small"
                        icon={<MailOutlined />}
                        onClick={() => setReminder(classTarget(g))}
                        aria-label={`Send reminder: ${classLabel(g.class_id)}, ${g.incomplete.length} not finished`}
                      >
                        Send reminder
                      </Button>
                    ),
                    children: <Chase group={g} onRemind={setReminder} />,
                  }))}
              />
            )}
            {showDetails && (
              // The wide table scrolls in its own region, which a keyboard can reach (tabIndex) and a reader can name.
              <div
                role="region"
                aria-label="Registration progress per class"
                tabIndex={0}
                style={{ overflowX: 'auto' }}
              >
                <Table<ClassProgress>
                  rowKey="class_id"
                  size="small"
                  columns={columns}
                  dataSource={data?.classes ?? []}
                  loading={loading}
                  pagination={false}
                  style={{ minWidth: 'max-content' }}
                />
              </div>
            )}
          </div>
        </>
      )}
      <ReminderDialog target={reminder} onClose={() => setReminder(null)} />
    </Card>
  );
}
