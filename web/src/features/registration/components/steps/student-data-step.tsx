import { RecordField } from '../fields/record-field.js';
import { useStepFormValue } from '../fields/step-form-store.js';
import { FieldCard, StepForm } from '../step-form.js';

function ImmigrationSection() {
  const permit = useStepFormValue('immigration_permit');
  return (
    <>
      <FieldCard title="Immigration Permit">
        <RecordField name="immigration_permit" label="The student holds an immigration permit" width="full" />
      </FieldCard>
      {permit === 1 && (
        <FieldCard title="Section 7 · Immigration">
          <RecordField name="immigration_permit_no" width="third" />
          <RecordField name="immigration_permit_issued" width="third" />
          <RecordField name="immigration_permit_expiry" width="third" />
        </FieldCard>
      )}
    </>
  );
}

/** Step 1 (docs/product.md §2, §3): the student's own details. House and class are the school's, read-only. */
export function StudentDataStep() {
  return (
    <StepForm>
      <FieldCard title="School">
        <RecordField name="class_id" />
        <RecordField name="house_code" />
      </FieldCard>
      <FieldCard title="Personal Details">
        <RecordField name="first_name" />
        <RecordField name="last_name" />
        <RecordField name="middle_name" />
        <RecordField name="sex" />
        <RecordField name="date_of_birth" />
        <RecordField name="birth_certificate_no" />
        <RecordField name="blood_type" />
      </FieldCard>
      <FieldCard title="Address and Contact">
        <RecordField name="home_address" width="full" />
        <RecordField name="address_line_2" input="town" />
        <RecordField name="regional_corporation" />
        <RecordField name="phone_home" />
        <RecordField name="email" />
      </FieldCard>
      <FieldCard title="Background">
        <RecordField name="place_of_birth" />
        <RecordField name="nationality" />
        <RecordField name="religion_code" />
        <RecordField name="ethnic_group_code" />
        <RecordField name="previous_school" />
        <RecordField name="sea_no" />
      </FieldCard>
      <ImmigrationSection />
    </StepForm>
  );
}
