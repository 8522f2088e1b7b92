import { type ReactNode, useEffect, useRef, useState } from 'react';
import { sameFieldValue, STUDENT_FIELDS, type StudentRecord } from '../../../../../shared/student-fields.js';
import { PlainPanel } from '../../../components/plain-ui.js';
import { fieldSaveQueue } from '../save-queue/field-save-queue.js';
import { type FormValues, toFormValue, toFormValues } from './fields/field-values.js';
import { StepFormContext, StepFormStore } from './fields/step-form-store.js';
import { useRegistration } from './registration-context.js';
import './registration-form.css';

/**
 * One step's form over the saved record, drawn without antd (a phone on mobile data: docs/design.md §7). Each field
 * saves itself (RecordField); the form holds what is typed and the rules' messages (step-form-store.ts), and is
 * disabled as a whole (a disabled fieldset) when editing is not allowed.
 */
export function StepForm({ children }: { children: ReactNode }) {
  const reg = useRegistration();
  // Taken once: later saves update the cache, and the form already shows what was typed. Values
  // still waiting to be sent (kept on this device) are shown rather than the saved ones.
  const [store] = useState(
    () =>
      new StepFormStore(
        toFormValues({ ...reg.record, ...fieldSaveQueue.unsentValues(reg.studentId) } as StudentRecord),
      ),
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
    if (Object.keys(updates).length > 0) store.setValues(updates);
  }, [reg.record, reg.studentId, store]);

  return (
    <StepFormContext.Provider value={store}>
      {/* Nothing to submit: each field saves itself. Enter in a box does not reload the page. */}
      <form className="rf-form" noValidate onSubmit={(e) => e.preventDefault()}>
        <fieldset className="rf-fieldset" disabled={!reg.editable}>
          {children}
        </fieldset>
      </form>
    </StepFormContext.Provider>
  );
}

/** A titled card of fields laid out in a responsive grid (one column on a phone). */
export function FieldCard({ title, children, extra }: { title: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <PlainPanel title={title} extra={extra} className="rf-card">
      <div className="rf-grid">{children}</div>
    </PlainPanel>
  );
}

export type FieldWidth = 'full' | 'half' | 'third';

/**
 * One cell of a card's grid: the whole row, half of it or a third from a tablet up, the whole row on a phone (a
 * third is half on a small tablet). Switches and ticks are small: `pair` puts two to a row even on a phone.
 */
export function FieldCell({ width, pair, children }: { width: FieldWidth; pair?: boolean; children: ReactNode }) {
  return <div className={`rf-cell rf-${width}${pair ? ' rf-pair' : ''}`}>{children}</div>;
}
