import { Button, Card, Collapse, Flex, Progress, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { ClassProgress, IncompleteStudent } from '../../../../../shared/admin-types.js';
import { DOCUMENT_LABELS, DOCUMENT_ORDER } from '../../../../../shared/documents.js';
import { STEP_LABELS } from '../../../../../shared/registration-progress.js';
import { REGISTRATION_STEPS, type RegistrationStep } from '../../../../../shared/student-fields.js';
import { errorMessage } from '../../../lib/api-client.js';
import { adminRegistrationPath } from '../admin-routes.js';
import { useRegistrationProgress } from '../api/use-registration-progress.js';

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

function Chase({ group }: { group: ClassProgress }) {
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
            <Tag key={d} color="orange">
              {DOCUMENT_LABELS[d as keyof typeof DOCUMENT_LABELS] ?? d}
            </Tag>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <Table<IncompleteStudent>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={group.incomplete}
      pagination={group.incomplete.length > 20 ? { pageSize: 20, size: 'small' } : false}
      scroll={{ x: 'max-content' }}
    />
  );
}

/**
 * Registration progress at a glance (above the Students table): per class, how many have completed
 * each step and sent each document, and, opened per class, who has not finished and what is missing.
 */
export function ProgressAtAGlance() {
  const progress = useRegistrationProgress();
  const data = progress.data;
  const columns: TableColumnsType<ClassProgress> = [
    { title: 'Class', dataIndex: 'class_id', key: 'class', width: 70, render: (v: string) => v || 'No class' },
    { title: 'Students', dataIndex: 'total', key: 'total', width: 80 },
    { title: 'Finished', key: 'complete', render: (_, g) => <Count n={g.complete} of={g.total} /> },
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
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          Registration Progress
        </Typography.Title>
      }
      extra={
        data && (
          <Typography.Text type="secondary">
            {data.complete} of {data.total} finished
          </Typography.Text>
        )
      }
      styles={{ body: { padding: 0 } }}
      style={{ marginBottom: 16 }}
    >
      {progress.isError ? (
        <Typography.Paragraph type="danger" role="alert" style={{ padding: 16, margin: 0 }}>
          {errorMessage(progress.error)}{' '}
          <Button size="small" onClick={() => void progress.refetch()}>
            Try again
          </Button>
        </Typography.Paragraph>
      ) : (
        <>
          {/* The wide table scrolls in its own region, which a keyboard can reach (tabIndex) and a reader can name. */}
          <div role="region" aria-label="Registration progress per class" tabIndex={0} style={{ overflowX: 'auto' }}>
            <Table<ClassProgress>
              rowKey="class_id"
              size="small"
              columns={columns}
              dataSource={data?.classes ?? []}
              loading={progress.isLoading}
              pagination={false}
              style={{ minWidth: 'max-content' }}
            />
          </div>
          {data && data.classes.some((g) => g.incomplete.length > 0) && (
            <Collapse
              ghost
              size="small"
              items={data.classes
                .filter((g) => g.incomplete.length > 0)
                .map((g) => ({
                  key: g.class_id,
                  label: `Class ${g.class_id || '(none)'}: ${g.incomplete.length} not finished`,
                  children: <Chase group={g} />,
                }))}
            />
          )}
        </>
      )}
    </Card>
  );
}
