import { useTerms } from '../../../../lib/queries/use-terms.js';
import { RecordField } from '../fields/record-field.js';
import { RegistrationChecklist } from '../progress/registration-checklist.js';
import { useRegistration } from '../registration-context.js';
import { FieldCard, FieldCell, StepForm } from '../step-form.js';
import { GenerateFormButton } from './generate-form-button.js';
import { AgreementStatus, CurrentTerms } from './terms-agreement.js';

/**
 * Step 6 (docs/product.md §2 Complete, §4 Terms agreement): the checklist of the six steps with what is still
 * missing, the school's terms to read, and the tick, which saves at once (1, or 0 when unticked).
 */
export function CompleteStep() {
  const { studentId } = useRegistration();
  const terms = useTerms();
  // Her tick is an agreement to the version shown above: the server refuses it if that is no longer current.
  const versionRead = (value: unknown) =>
    value === 1 && terms.data ? { terms_version_read: terms.data.version } : undefined;
  return (
    <>
      <FieldCard title="Your Registration">
        <FieldCell width="full">
          <RegistrationChecklist />
        </FieldCell>
      </FieldCard>
      <StepForm>
        <FieldCard title="Terms and Conditions">
          <FieldCell width="full">
            <CurrentTerms />
            <p>
              Every answer is saved as soon as it is entered. Please check each step, then confirm that the information
              given is true and complete and that you accept the school's terms and conditions of registration.
            </p>
          </FieldCell>
          <RecordField name="agree_terms_conditions" input="checkbox" width="full" saveExtra={versionRead} />
          <FieldCell width="full">
            <AgreementStatus />
          </FieldCell>
        </FieldCard>
      </StepForm>
      {/* Outside the form: the document can be printed even when editing is closed. */}
      <FieldCard title="Registration Form">
        <FieldCell width="full">
          <div className="rf-actions">
            <GenerateFormButton studentId={studentId} />
          </div>
        </FieldCell>
      </FieldCard>
    </>
  );
}
