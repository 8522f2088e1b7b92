import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsObject, IsString, Min, Matches, ValidateBy, ValidateIf } from 'class-validator';
import { MESSAGES, STUDENT_ID_PATTERN } from '../../../shared/constants.js';
import { studentFieldProperties } from '../../common/api-schemas.js';
import { PartialBody } from '../../common/validation.js';
import {
  type FieldSpec,
  fieldProblem,
  STUDENT_FIELDS,
  type StudentSaveRequest,
} from '../../../shared/student-fields.js';

/**
 * POST /api/student: the student's id and any of the record's fields, each optional (a partial save).
 * The field decorators are derived from the shared catalogue below rather than written ~110 times:
 * each field is trimmed, skipped when absent, and checked by the shared rule, whose message is the
 * one the web form shows. A field outside the catalogue is refused by the global pipe (422). A partial body: the
 * fields sent are checked, not each of the 110 in turn.
 */
@PartialBody()
export class SaveStudentDto {
  @ApiProperty({ type: 'string', pattern: STUDENT_ID_PATTERN.source })
  @IsString({ message: MESSAGES.required, always: true })
  @Matches(STUDENT_ID_PATTERN, { message: 'Unknown student ID.', always: true })
  id!: string;

  /** What the client last read of some of the fields it saves (a stale write is refused with 409). */
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'The values last read of some of the fields saved: a field changed since is refused with 409.',
  })
  @ValidateIf((o: { expected?: unknown }) => o.expected !== undefined, { always: true })
  @IsObject({ message: 'expected must map field names to values.', always: true })
  expected?: Record<string, unknown>;

  /**
   * With agree_terms_conditions: 1, the version of the terms she was shown: her agreement is stamped
   * with it, and refused (422) when the school has published another version since.
   */
  @ApiPropertyOptional({ type: 'integer', minimum: 1 })
  @ValidateIf((o: { terms_version_read?: unknown }) => o.terms_version_read !== undefined, { always: true })
  @IsInt({ message: 'terms_version_read must be a version number.', always: true })
  @Min(1, { message: 'terms_version_read must be a version number.', always: true })
  terms_version_read?: number;
}

/**
 * class-validator rule for one catalogue field, absent or passing the shared fieldProblem() (the only implementation),
 * in the field's own validation group: the pipe checks the fields a save sends (PartialBody).
 */
function MatchesFieldSpec(spec: FieldSpec): PropertyDecorator {
  return ValidateBy(
    {
      name: 'studentField',
      validator: {
        validate: (value: unknown) => value === undefined || fieldProblem(spec, value) === null,
        defaultMessage: (args) => fieldProblem(spec, args?.value) ?? MESSAGES.required,
      },
    },
    // Checked when sent (PartialBody: the field's own group).
    { groups: [spec.name] },
  );
}

const trimString = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

const fieldSchemas = studentFieldProperties();
for (const spec of STUDENT_FIELDS) {
  const decorators = [trimString, MatchesFieldSpec(spec)];
  for (const decorate of decorators) decorate(SaveStudentDto.prototype, spec.name);
  // The API reference lists the field with the type its kind stores.
  ApiPropertyOptional(fieldSchemas[spec.name] as ApiPropertyOptions)(SaveStudentDto.prototype, spec.name);
}

export type SaveStudentBody = SaveStudentDto & StudentSaveRequest;
