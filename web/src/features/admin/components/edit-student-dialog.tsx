import { CheckCircleOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { Button, DatePicker, Flex, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { StudentListItem } from '../../../../../shared/admin-types.js';
import { EARLIEST_ADMIN_DOB, LAYOUT, MESSAGES } from '../../../../../shared/constants.js';
import { FIRST_PASSWORD_MESSAGES, type FirstPasswordAfterSave } from '../../../../../shared/first-password.js';
import { adminEditProblem, FIELD_BY_NAME } from '../../../../../shared/student-fields.js';
import { errorMessage } from '../../../lib/api-client.js';
import { type EditableStudentFields, useEditStudent } from '../api/use-edit-student.js';
import { CSS_COLOR } from '../../../../../shared/design-tokens.js';

type Field = keyof EditableStudentFields;
type Values = Record<Field, string>;

// docs/product.md §5 Admin edit: the fields' rule is shared/student-fields.ts adminEditProblem, which the server
// applies to an administrator's save too.

const FIELDS: { name: Field; label: string }[] = [
  { name: 'first_name', label: 'First Name' },
  { name: 'last_name', label: 'Last Name' },
  { name: 'date_of_birth', label: 'Date of Birth' },
  { name: 'birth_certificate_no', label: 'Birth Certificate Pin' },
];

function valuesOf(s: StudentListItem): Values {
  return {
    first_name: s.first_name ?? '',
    last_name: s.last_name ?? '',
    date_of_birth: s.date_of_birth ?? '',
    birth_certificate_no: s.birth_certificate_no ?? '',
  };
}

type PanelMode = 'year' | 'month' | 'date';

function EditStudentForm({ student, onClose }: { student: StudentListItem; onClose: () => void }) {
  const edit = useEditStudent(student.id);
  const [values, setValues] = useState<Values>(() => valuesOf(student));
  const [saved, setSaved] = useState<Values>(() => valuesOf(student));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [passwordNote, setPasswordNote] = useState<FirstPasswordAfterSave | null>(null);
  // The picker opens on the years (docs/product.md §2): its panel and the month it shows are both controlled here.
  const [mode, setMode] = useState<PanelMode>('year');
  const [pickerValue, setPickerValue] = useState<Dayjs>(() =>
    student.date_of_birth ? dayjs(student.date_of_birth) : dayjs().subtract(12, 'year'),
  );

  /** Saves the given fields when they are valid and differ from what was saved last. */
  const save = (fields: Field[], next: Values = values) => {
    const changes: Partial<Values> = {};
    for (const f of fields) {
      if (next[f] !== saved[f] && !adminEditProblem(f, next[f])) changes[f] = next[f].trim();
    }
    if (Object.keys(changes).length === 0) return;
    edit.mutate(changes, {
      onSuccess: (answer) => {
        setSaved((old) => ({ ...old, ...changes }));
        // A corrected date of birth: what became of her password (docs/product.md §4 Student edit status).
        if (answer.first_password) setPasswordNote(answer.first_password);
      },
    });
  };

  const set = (f: Field, v: string) => setValues((old) => ({ ...old, [f]: v }));
  const blur = (f: Field) => {
    setTouched((t) => ({ ...t, [f]: true }));
    save([f]);
  };
  const pickDate = (d: Dayjs | null) => {
    if (!d) return;
    const next = { ...values, date_of_birth: d.format('YYYY-MM-DD') };
    setValues(next);
    save(['date_of_birth'], next);
  };

  const errorOf = (f: Field) => (touched[f] ? adminEditProblem(f, values[f]) : null);
  // A field showing an error was not saved: the line must not say the dialog's values were (a save of another field
  // that succeeded before or while she emptied this one would otherwise still read 'Updated Successfully.').
  const fieldShowsError = FIELDS.some(({ name }) => errorOf(name) !== null);

  const status = edit.isPending ? (
    <>
      <LoadingOutlined aria-hidden /> Updating
    </>
  ) : edit.isError ? (
    <>
      <ExclamationCircleOutlined aria-hidden style={{ color: CSS_COLOR.errorIcon }} /> {MESSAGES.updateError}{' '}
      <Typography.Text type="secondary">{errorMessage(edit.error)}</Typography.Text>
    </>
  ) : edit.isSuccess && !fieldShowsError ? (
    <>
      <CheckCircleOutlined aria-hidden style={{ color: CSS_COLOR.success }} /> {MESSAGES.updated}
    </>
  ) : null;

  return (
    <>
      <Form
        layout="vertical"
        requiredMark={false}
        onFinish={() => {
          // Save shows every field's problem, not only those of the boxes she has left.
          setTouched(Object.fromEntries(FIELDS.map((f) => [f.name, true])));
          save(FIELDS.map((f) => f.name));
        }}
      >
        {FIELDS.map(({ name, label }) => (
          <Form.Item
            key={name}
            label={label}
            htmlFor={`edit-${name}`}
            validateStatus={errorOf(name) ? 'error' : undefined}
            help={errorOf(name)}
          >
            {name === 'date_of_birth' ? (
              <DatePicker
                id={`edit-${name}`}
                value={values.date_of_birth ? dayjs(values.date_of_birth) : null}
                format="YYYY-MM-DD"
                allowClear={false}
                minDate={dayjs(EARLIEST_ADMIN_DOB)}
                maxDate={dayjs()}
                mode={mode}
                pickerValue={pickerValue}
                onOpenChange={(open) => {
                  if (!open) return;
                  setMode('year');
                  setPickerValue(values.date_of_birth ? dayjs(values.date_of_birth) : dayjs().subtract(12, 'year'));
                }}
                onPanelChange={(shown, next) => {
                  if (shown) setPickerValue(shown);
                  setMode(next === 'year' || next === 'month' ? next : 'date');
                }}
                onChange={pickDate}
                style={{ width: '100%' }}
              />
            ) : (
              <Input
                id={`edit-${name}`}
                value={values[name]}
                onChange={(e) => set(name, e.target.value)}
                onBlur={() => blur(name)}
                maxLength={(FIELD_BY_NAME.get(name)?.max ?? 50) + 5}
                autoComplete="off"
              />
            )}
          </Form.Item>
        ))}
        <div role="status" aria-live="polite" style={{ minHeight: 24, marginBottom: 12 }}>
          {status}
          {passwordNote && (
            <Typography.Paragraph style={{ margin: '4px 0 0' }}>
              {FIRST_PASSWORD_MESSAGES[passwordNote]}
            </Typography.Paragraph>
          )}
        </div>
        <Flex gap={8} justify="end">
          <Button htmlType="submit" type="primary">
            Save
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Flex>
      </Form>
    </>
  );
}

/** docs/product.md §2 Edit: a dialog 'Edit Student' (max width 500px) whose fields save themselves on blur or pick. */
export function EditStudentDialog({ student, onClose }: { student: StudentListItem | null; onClose: () => void }) {
  return (
    <Modal
      open={student !== null}
      title="Edit Student"
      width={`min(${LAYOUT.editDialogMaxWidth}px, calc(100vw - 16px))`}
      onCancel={onClose}
      destroyOnHidden
      footer={null}
    >
      {student && <EditStudentForm key={student.id} student={student} onClose={onClose} />}
    </Modal>
  );
}
