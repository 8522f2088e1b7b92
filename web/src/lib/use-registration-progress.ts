import { useMemo } from 'react';
import { registrationProgress, type RegistrationProgress } from '../../../shared/registration-progress.js';
import type { StudentRecord } from '../../../shared/student-fields.js';
import { useStudentFiles } from './queries/use-student-files.js';

export interface RegistrationProgressView {
  progress: RegistrationProgress;
  /** false until her current files have loaded: until then the documents step is not judged */
  documentsKnown: boolean;
}

/**
 * Her progress by the one shared definition (shared/registration-progress.ts), from the record as
 * last saved and her current files: each field's save and each upload update both, so this follows
 * her as she goes.
 */
export function useRegistrationProgress(
  studentId: string,
  record: StudentRecord | null | undefined,
): RegistrationProgressView | null {
  const files = useStudentFiles(studentId);
  return useMemo(() => {
    if (!record) return null;
    return {
      progress: registrationProgress(
        record,
        (files.data ?? []).map((f) => f.type),
      ),
      documentsKnown: files.isSuccess,
    };
  }, [record, files.data, files.isSuccess]);
}
