import { fieldsOfGroup, type StudentFieldName } from '../../../../../../shared/student-fields.js';
import { RecordField } from '../fields/record-field.js';
import { useStepFormValue } from '../fields/step-form-store.js';
import { FieldCard, FieldCell, StepForm } from '../step-form.js';
import { useRegistration } from '../registration-context.js';

function SwitchGrid({ group }: { group: 'immunizations' | 'conditions' }) {
  return fieldsOfGroup(group).map((f) => <RecordField key={f.name} name={f.name as StudentFieldName} width="third" />);
}

/** Hidden unless the operator turns it on (SHOW_LEARNING_CHALLENGES); 'Other' reveals a text box. */
function LearningChallenges() {
  const other = useStepFormValue('other');
  const flags = fieldsOfGroup('learning').filter((f) => f.kind === 'flag');
  return (
    <FieldCard title="Learning Challenges">
      {flags.map((f) => (
        <RecordField key={f.name} name={f.name as StudentFieldName} input="checkbox" width="third" />
      ))}
      {other === 1 && <RecordField name="other_learning_disablity" width="full" />}
    </FieldCard>
  );
}

/** Step 3 (docs/product.md §2 Medical data): immunizations, conditions, medical notes. */
export function HealthDataStep() {
  const { showLearningChallenges } = useRegistration();
  return (
    <StepForm>
      <FieldCard title="Immunizations">
        <FieldCell width="full">
          <p className="rf-note">Switch on each immunization the student has had.</p>
        </FieldCell>
        <SwitchGrid group="immunizations" />
      </FieldCard>
      <FieldCard title="Medical Conditions">
        <SwitchGrid group="conditions" />
      </FieldCard>
      <FieldCard title="Medical Notes">
        {fieldsOfGroup('medical').map((f) => (
          <RecordField key={f.name} name={f.name as StudentFieldName} width="full" />
        ))}
      </FieldCard>
      {showLearningChallenges && <LearningChallenges />}
    </StepForm>
  );
}
