import { fieldsOfGroup, type StudentFieldName } from '../../../../../../shared/student-fields.js';
import { RecordField } from '../fields/record-field.js';
import { useStepFormValue } from '../fields/step-form-store.js';
import { FieldCard, FieldCell, StepForm } from '../step-form.js';
import { type FamilyChoice, impliedSections, type ParentSection, visibleSections } from './family-visibility.js';

const SECTION_FLAG: Record<ParentSection, StudentFieldName> = {
  mother: 'mother_section',
  father: 'father_section',
  guardian: 'guardian_section',
};
const TITLES: Record<ParentSection, string> = { mother: 'Mother', father: 'Father', guardian: 'Guardian' };

/** A parent's card: every field of that group in the catalogue; addresses take the whole row. */
function ParentCard({ section }: { section: ParentSection }) {
  return (
    <FieldCard title={TITLES[section]}>
      {fieldsOfGroup(section).map((f) => (
        <RecordField
          key={f.name}
          name={f.name as StudentFieldName}
          width={f.name.includes('home_address') ? 'full' : 'half'}
        />
      ))}
    </FieldCard>
  );
}

function FamilySections() {
  const choice: FamilyChoice = {
    living_status: useStepFormValue('living_status') as string | undefined,
    mother_section: useStepFormValue('mother_section') as number | undefined,
    father_section: useStepFormValue('father_section') as number | undefined,
    guardian_section: useStepFormValue('guardian_section') as number | undefined,
  };
  const visible = visibleSections(choice);
  const implied = impliedSections(choice.living_status);
  // A section the living status already shows needs no checkbox of its own.
  const optional = (['mother', 'father', 'guardian'] as const).filter((s) => !implied.includes(s));
  return (
    <>
      <FieldCard title="Living Status">
        <RecordField name="living_status" label="The student lives with" />
        <FieldCell width="full">
          <p className="rf-lead">{implied.length ? 'Also give details of:' : 'Give details of:'}</p>
        </FieldCell>
        {optional.map((s) => (
          <RecordField key={s} name={SECTION_FLAG[s]} input="checkbox" label={TITLES[s]} width="third" />
        ))}
      </FieldCard>
      {visible.mother && <ParentCard section="mother" />}
      {visible.father && <ParentCard section="father" />}
      {visible.guardian && <ParentCard section="guardian" />}
      {visible.demographics && (
        <>
          <FieldCard title="Family">
            <RecordField name="no_in_family" width="third" />
            <RecordField name="no_at_home" width="third" />
            <RecordField name="place_in_family" width="third" />
          </FieldCard>
          <FieldCard title="Emergency Contact">
            {fieldsOfGroup('emergency').map((f) => (
              <RecordField key={f.name} name={f.name as StudentFieldName} />
            ))}
          </FieldCard>
        </>
      )}
    </>
  );
}

/**
 * Step 2 (docs/product.md §2, §4): mother, father and guardian by the living status rules, family and emergency
 * contact.
 */
export function FamilyDataStep() {
  return (
    <StepForm>
      <FamilySections />
    </StepForm>
  );
}
