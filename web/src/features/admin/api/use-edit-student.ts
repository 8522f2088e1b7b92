import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminEditField, StudentRecord, StudentSaveResponse } from '../../../../../shared/student-fields.js';
import { apiClient } from '../../../lib/api-client.js';
import { studentRecordQueryKey } from '../../../lib/queries/use-student-record.js';
import { STUDENTS_QUERY_KEY } from './use-students.js';
import { PROGRESS_QUERY_KEY } from './use-registration-progress.js';

export type EditableStudentFields = Pick<StudentRecord, AdminEditField>;

/**
 * POST /api/student from the Edit Student dialog: only the fields that changed. The student list is
 * reloaded after a save (docs/product.md §4 Student edit status), and any open copy of her record takes the values.
 */
export function useEditStudent(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `admin-edit:${studentId}` },
    mutationFn: (changes: Partial<EditableStudentFields>) =>
      apiClient.post<StudentSaveResponse>('/api/student', { id: studentId, ...changes }),
    onSuccess: (answer) => {
      // What became of her password is news for the dialog, not part of her record.
      const saved: Partial<StudentSaveResponse> = { ...answer };
      delete saved.first_password;
      queryClient.setQueryData<StudentRecord | null>(studentRecordQueryKey(studentId), (old) =>
        old ? { ...old, ...saved } : old,
      );
      void queryClient.invalidateQueries({ queryKey: STUDENTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PROGRESS_QUERY_KEY });
    },
  });
}
