import { RecordField } from '../fields/record-field.js';
import { FieldCard, StepForm } from '../step-form.js';

/** Step 4 (docs/product.md §2 Other data). */
export function OtherDataStep() {
  return (
    <StepForm>
      <FieldCard title="Other Information">
        <RecordField name="special_consideration" width="full" />
        <RecordField name="achievements" width="full" />
        <RecordField name="device_type" label="Device used for school work" />
      </FieldCard>
      <FieldCard title="Services">
        <RecordField name="internet_access" width="third" />
        <RecordField name="school_feeding" width="third" />
        <RecordField name="transport" width="third" />
      </FieldCard>
    </StepForm>
  );
}
