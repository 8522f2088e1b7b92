import { CheckOutlined, FilePdfOutlined, MedicineBoxOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Spin, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';
import { type RecordChange, ROUND_WORDS } from '../../../../../shared/registration-round.js';
import { schoolYearLabel } from '../../../../../shared/school-year.js';
import { errorMessage } from '../../../lib/api-client.js';
import { useSchoolYear } from '../../../lib/queries/use-school-year.js';
import { useSchoolTime } from '../../../lib/use-school-time.js';
import { useArchivedForms } from '../api/use-archived-forms.js';
import { useMarkReviewed } from '../api/use-mark-reviewed.js';
import { useStudentChanges } from '../api/use-student-changes.js';
import { changedByText, changesByStep, changeValueText } from '../registration-round.js';
import { RegistrationFormDialog } from './registration-form-dialog.js';
import { plainName } from './student-name.js';
import './student-changes-dialog.css';

export const CHANGES_TITLE = 'Changes since last year';

// antd's gold tag text is under 4.5:1 on its background; this one is 10:1.
const MEDICAL_TAG = {
  color: CSS_COLOR.warningText,
  background: CSS_COLOR.warningBg,
  borderColor: CSS_COLOR.warningBorder,
  marginInlineStart: 6,
};

const REVIEWED_TAG = {
  color: CSS_COLOR.successDarker,
  background: CSS_COLOR.successBg,
  borderColor: CSS_COLOR.successBorder,
};

const VALUE_STYLE = { wordBreak: 'break-word' as const, maxWidth: 224, display: 'inline-block' };

/**
 * A returning student's changes since the start of this year's round (docs/product.md §13), as the office reviews
 * them: old and new value per field, grouped by step, medical ones highlighted and said, who changed each and when
 * (school time); "Mark reviewed"; and the school years whose registration form of hers is kept, each opened in the
 * form's dialog.
 */
export function StudentChangesDialog({ student, onClose }: { student: StudentListItem | null; onClose: () => void }) {
  const schoolYear = useSchoolYear();
  const year = schoolYear.data?.year ?? null;
  const changes = useStudentChanges(student?.id ?? null, year);
  const forms = useArchivedForms(student?.id ?? null);
  const review = useMarkReviewed(student?.id ?? '');
  const schoolTime = useSchoolTime();
  const [formYear, setFormYear] = useState<number | null>(null);
  const name = student ? plainName(student) : '';
  const groups = changesByStep(changes.data ?? []);
  const loading = schoolYear.isLoading || changes.isLoading;
  const reviewed = review.isSuccess || (student?.round?.changes === 'reviewed' && !review.isPending);

  const close = () => {
    if (review.isPending) return;
    review.reset();
    setFormYear(null);
    onClose();
  };

  const columns: TableColumnsType<RecordChange> = [
    {
      title: 'Field',
      key: 'field',
      width: 170,
      render: (_, c) => (
        <>
          <Typography.Text strong={c.medical}>{c.label}</Typography.Text>
          {c.medical && (
            <Tag style={MEDICAL_TAG} icon={<MedicineBoxOutlined aria-hidden />}>
              Medical
            </Tag>
          )}
        </>
      ),
    },
    {
      title: 'Last year',
      key: 'old',
      width: 240,
      render: (_, c) => <span style={VALUE_STYLE}>{changeValueText(c.old_value)}</span>,
    },
    {
      title: 'Now',
      key: 'new',
      width: 240,
      render: (_, c) => <span style={VALUE_STYLE}>{changeValueText(c.new_value)}</span>,
    },
    { title: 'Changed by', dataIndex: 'by', key: 'by', width: 200, render: (v: string | null) => changedByText(v) },
    {
      title: 'When',
      dataIndex: 'changed_at',
      key: 'when',
      width: 140,
      // School time, as the rest of the office's screens.
      render: (v: string | null) => (v ? schoolTime(v) : '—'),
    },
  ];

  // Also when nothing differs any more (a change taken back): the list still says her changes are not reviewed.
  const canReview =
    (groups.length > 0 || student?.round?.changes === 'not_reviewed') && year !== null && !review.isSuccess;
  const footer = (
    <Flex gap={8} justify="flex-end" wrap>
      {canReview && (
        <Button type="primary" loading={review.isPending} onClick={() => year !== null && review.mutate({ year })}>
          {ROUND_WORDS.markReviewed}
        </Button>
      )}
      <Button type={canReview ? 'default' : 'primary'} onClick={close} disabled={review.isPending}>
        Close
      </Button>
    </Flex>
  );

  return (
    <Modal
      open={student !== null}
      title={student ? `${CHANGES_TITLE} · ${name} (${student.id})` : ''}
      onCancel={close}
      closable={!review.isPending}
      destroyOnHidden
      width="min(1100px, 100vw)"
      style={{ top: 24, maxWidth: '100vw', paddingBottom: 0 }}
      footer={footer}
    >
      {(schoolYear.isError || changes.isError) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(schoolYear.error ?? changes.error)}
          action={
            <Button size="small" onClick={() => void (schoolYear.isError ? schoolYear.refetch() : changes.refetch())}>
              Try again
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      {year !== null && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {`What differs now from her answers at the start of ${schoolYearLabel(year)}'s registration.`}
        </Typography.Paragraph>
      )}
      {loading ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin description="Loading her changes…" />
        </Flex>
      ) : (
        changes.isSuccess &&
        (groups.length === 0 ? (
          <Typography.Paragraph role="status">Nothing has changed since last year.</Typography.Paragraph>
        ) : (
          groups.map((g) => (
            <section key={g.step} aria-labelledby={`round-changes-${g.step}`} style={{ marginBottom: 16 }}>
              <Typography.Title level={3} id={`round-changes-${g.step}`} style={{ fontSize: 16, marginBottom: 8 }}>
                {`${g.label} (${g.changes.length})`}
              </Typography.Title>
              <div role="region" aria-label={`${g.label}: changes`} tabIndex={0} style={{ overflowX: 'auto' }}>
                <Table<RecordChange>
                  rowKey="field"
                  size="small"
                  columns={columns}
                  dataSource={g.changes}
                  pagination={false}
                  rowClassName={(c) => (c.medical ? 'round-change-medical' : '')}
                  style={{ minWidth: 'max-content' }}
                />
              </div>
            </section>
          ))
        ))
      )}
      <div role="status" aria-live="polite">
        {reviewed && groups.length > 0 && (
          <Tag style={REVIEWED_TAG} icon={<CheckOutlined aria-hidden />}>
            {review.isSuccess ? `${ROUND_WORDS.reviewed}: the office has seen these changes` : ROUND_WORDS.reviewed}
          </Tag>
        )}
      </div>
      {review.isError && (
        <Alert
          type="error"
          showIcon
          title={`Not marked reviewed: ${errorMessage(review.error)}`}
          style={{ marginTop: 8 }}
        />
      )}
      <section aria-labelledby="round-kept-forms" style={{ marginTop: 16 }}>
        <Typography.Title level={3} id="round-kept-forms" style={{ fontSize: 16, marginBottom: 8 }}>
          Registration forms kept
        </Typography.Title>
        {forms.isError ? (
          <Alert type="error" showIcon title={errorMessage(forms.error)} />
        ) : forms.isLoading ? (
          <Typography.Text type="secondary">Loading…</Typography.Text>
        ) : (forms.data ?? []).length === 0 ? (
          <Typography.Text type="secondary">No form of hers is kept yet.</Typography.Text>
        ) : (
          <Flex gap={8} wrap>
            {[...(forms.data ?? [])]
              .sort((a, b) => b.year - a.year)
              .map((f) => (
                <Button
                  key={f.year}
                  icon={<FilePdfOutlined aria-hidden />}
                  onClick={() => setFormYear(f.year)}
                  aria-label={`Registration Form ${schoolYearLabel(f.year)} of ${name}`}
                >
                  {`Registration Form ${schoolYearLabel(f.year)}`}
                </Button>
              ))}
          </Flex>
        )}
      </section>
      <RegistrationFormDialog
        student={formYear !== null ? student : null}
        year={formYear}
        onClose={() => setFormYear(null)}
      />
    </Modal>
  );
}
