import type { Student } from './entities/student.entity.js';

/**
 * The registration record as the API shows it (docs/product.md §3): every field, with `updatedAt` for the last change.
 */
export type StudentRecord = Omit<Student, 'created_at' | 'updated_at'> & { updatedAt: string };

export function toStudentRecord(s: Student): StudentRecord {
  const { created_at: _created, updated_at, ...fields } = s;
  return { ...fields, updatedAt: updated_at };
}
