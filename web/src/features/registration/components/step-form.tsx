import { Card, Form, Grid, Row } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { sameFieldValue, STUDENT_FIELDS, type StudentRecord } from '../../../../../shared/student-fields.js';
import { fieldSaveQueue } from '../save-queue/field-save-queue.js';
import { type FormValues, toFormValue, toFormValues } from './fields/field-values.js';
import { useRegistration } from './registration-context.js';

/**
 * One step's antd form over the saved record. Each field saves itself (RecordField); the form holds
 * what is typed, shows the rules' messages, and is disabled as a whole when editing is not allowed.
 */
export function StepForm({ children }: { children: ReactNode }) {
  const reg = useRegistration();
  const [form] = Form.useForm();
  // Taken once: later saves update the cache, and the form already shows what was typed. Values
  // still waiting to be sent (kept on this device) are shown rather than the saved ones.
  const [initialValues] = useState(() =>
    toFormValues({ ...reg.record, ...fieldSaveQueue.unsentValues(reg.studentId) } as StudentRecord),
  );

  // When the record is read again with answers saved elsewhere (another device, the office), the form
  // shows them, except in the field she is in and in fields with a value of hers still to be sent: a
  // field always shows what its next save starts from, so a save never silently overwrites an answer
  // she has not seen (the server's 409 catches the rest).
  const shownRecord = useRef(reg.record);
  useEffect(() => {
    const before = shownRecord.current;
    shownRecord.current = reg.record;
    if (before === reg.record) return;
    const updates: FormValues = {};
    for (const spec of STUDENT_FIELDS) {
      const name = spec.name;
      if (sameFieldValue(before[name], reg.record[name])) continue;
      if (fieldSaveQueue.field(reg.studentId, name).entry || document.activeElement?.id === name) continue;
      updates[name] = toFormValue(spec, reg.record[name]);
    }
    if (Object.keys(updates).length > 0) form.setFieldsValue(updates);
  }, [reg.record, reg.studentId, form]);

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      disabled={!reg.editable}
      requiredMark
      scrollToFirstError
    >
      {children}
    </Form>
  );
}

/** A titled card of fields laid out in a responsive grid (one column on a phone). */
export function FieldCard({ title, children, extra }: { title: ReactNode; children: ReactNode; extra?: ReactNode }) {
  const screens = Grid.useBreakpoint();
  return (
    <Card
      size={screens.md ? 'medium' : 'small'}
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}
      extra={extra}
      style={{ marginBottom: 16 }}
      styles={{ body: { paddingBottom: 4 } }}
    >
      <Row gutter={16}>{children}</Row>
    </Card>
  );
}
