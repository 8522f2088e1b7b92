import { Typography } from 'antd';
import { RecordField } from '../fields/record-field.js';
import { useRegistration } from '../registration-context.js';
import { FieldCard, StepForm } from '../step-form.js';
import { GenerateFormButton } from './generate-form-button.js';

/** Step 6 (§2 Complete, §4 Terms agreement): the tick saves at once (1, or 0 when unticked). */
export function CompleteStep() {
  const { studentId } = useRegistration();
  return (
    <>
      <StepForm>
        <FieldCard title="Agreement">
          <Typography.Paragraph style={{ width: '100%', paddingInline: 8 }}>
            Every answer is saved as soon as it is entered. Please check each step, then confirm that the
            information given is true and complete and that you accept the school's terms and conditions
            of registration.
          </Typography.Paragraph>
          <RecordField name="agree_terms_conditions" input="checkbox" width="full" />
        </FieldCard>
      </StepForm>
      {/* Outside the form: the document can be printed even when editing is closed. */}
      <FieldCard title="Registration Form">
        <div style={{ paddingInline: 8, paddingBottom: 16 }}>
          <GenerateFormButton studentId={studentId} />
        </div>
      </FieldCard>
    </>
  );
}
