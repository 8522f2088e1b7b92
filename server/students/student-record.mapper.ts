import type { StudentRecord } from '../../shared/student-fields.js';
import type { StudentRow } from './students.repository.js';

/**
 * The registration record as the API shows it (docs/product.md §3): every field, `updatedAt` for the last change. The
 * record read names its columns so in SQL itself (StudentsRepository.recordOf); the exports map rows here.
 */
export function toStudentRecord(s: StudentRow): StudentRecord {
  const { created_at: _created, updated_at, ...fields } = s;
  return { ...fields, updatedAt: updated_at };
}
