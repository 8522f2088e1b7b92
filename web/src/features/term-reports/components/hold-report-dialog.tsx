import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { matchesStudentSearch } from '../../../../../shared/student-search.js';
import { HOLD_REASON_MAX, TERM_REPORT_MESSAGES as T, termLabel } from '../../../../../shared/term-reports.js';
import { ApiError, errorMessage } from '../../../lib/api-client.js';
import { useHoldCandidates } from '../api/use-hold-candidates.js';
import { useHoldTermReport } from '../api/use-hold-term-report.js';

export interface HoldTarget {
  year: number;
  term: number;
  /** the classes with reports that term: whose students may be chosen */
  classes: string[];
  /** students already held that term (not offered again) */
  held: string[];
}

interface HoldForm {
  student_id?: string;
  reason?: string;
}

const CHOOSE_STUDENT = 'Choose the student whose report to hold.';

/**
 * docs/product.md §4 Term report posting, holding one student's card: choose a student of the term's classes and say
 * why (required, up to HOLD_REASON_MAX characters). She then sees the term as not posted until the hold is lifted.
 */
export function HoldReportDialog({ target, onClose }: { target: HoldTarget | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<HoldForm>();
  const students = useHoldCandidates(target !== null);
  const hold = useHoldTermReport();

  const options = useMemo(() => {
    if (!target) return [];
    const classes = new Set(target.classes);
    return (students.data ?? [])
      .filter((s) => s.class_id && classes.has(s.class_id) && !target.held.includes(s.id))
      .map((s) => ({
        value: s.id,
        label: `${s.last_name ?? ''}, ${s.first_name ?? ''} (${s.id}) · ${s.class_id}`,
        cls: s.class_id ?? '',
        student: s,
      }))
      .sort((a, b) => a.cls.localeCompare(b.cls) || a.label.localeCompare(b.label));
  }, [students.data, target]);

  const submit = (values: HoldForm) => {
    if (!target) return;
    hold.mutate(
      { student_id: values.student_id ?? '', year: target.year, term: target.term, reason: values.reason ?? '' },
      {
        onSuccess: (h) => {
          void message.success(`${h.name}'s ${termLabel(target.year, target.term)} report is held.`);
          onClose();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.status === 422 && e.body?.errors?.reason)
            form.setFields([{ name: 'reason', errors: e.body.errors.reason }]);
          else if (e instanceof ApiError && e.status === 404)
            form.setFields([{ name: 'student_id', errors: [errorMessage(e)] }]);
        },
      },
    );
  };

  // A refusal that belongs to no field (the network, the server) is shown over the buttons.
  const otherFailure =
    hold.error && !(hold.error instanceof ApiError && [404, 422].includes(hold.error.status))
      ? `The report could not be held. ${errorMessage(hold.error)}`
      : null;

  return (
    <Modal
      open={target !== null}
      title={target ? `Hold a student's ${termLabel(target.year, target.term)} report` : ''}
      okText="Hold report"
      cancelText="Cancel"
      onOk={() => form.submit()}
      onCancel={() => !hold.isPending && onClose()}
      confirmLoading={hold.isPending}
      afterClose={() => {
        form.resetFields();
        hold.reset();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        She sees the term as not posted, whatever its posting says, until the hold is lifted.
      </Typography.Paragraph>
      {students.isError && (
        <Alert
          type="error"
          showIcon
          title={`The students could not be loaded. ${errorMessage(students.error)}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<HoldForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="student_id"
          label="Student"
          extra={
            target
              ? `Students of ${target.classes.length === 1 ? 'class' : 'classes'} ${target.classes.join(', ')}`
              : ''
          }
          rules={[{ required: true, message: CHOOSE_STUDENT }]}
        >
          <Select
            // The Students table's rule (shared/student-search.ts): 'Ali Maya' finds 'Ali, Maya', 'Ali' not Aaliyah.
            showSearch={{ filterOption: (input, option) => !option || matchesStudentSearch(option.student, input) }}
            options={options}
            loading={students.isPending}
            placeholder={students.isPending ? 'Loading students…' : 'Type a name or student ID'}
            notFoundContent={
              // antd draws an empty list in its disabled grey (1.8:1 on white); the secondary text is AA.
              <Typography.Text type="secondary">
                {students.isPending ? 'Loading students…' : 'No student of these classes matches.'}
              </Typography.Text>
            }
            aria-label="Student"
          />
        </Form.Item>
        <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true, message: T.holdReason }]}>
          <Input.TextArea maxLength={HOLD_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
      {otherFailure && <Alert type="error" showIcon title={otherFailure} />}
    </Modal>
  );
}
