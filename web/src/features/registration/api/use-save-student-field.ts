import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudentFields, StudentRecord, StudentSaveResponse } from '../../../../../shared/student-fields.js';
import { ApiError, apiClient } from '../../../lib/api-client.js';
import { studentRecordQueryKey } from '../../students/api/use-student-record.js';
import { REGISTRATION_STATUS_QUERY_KEY } from './use-registration-status.js';

type FieldName = keyof StudentFields;

/**
 * POST /api/student for one field of one student: {id, [field]: value}. Saves of the same field run
 * one after another (a mutation scope), so the last value typed is the one kept; saves of different
 * fields run side by side and never touch each other's columns. The cached record takes the saved
 * value, so every screen showing it agrees without reloading the whole record.
 */
export function useSaveStudentField(studentId: string, field: FieldName) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `student:${studentId}:${field}` },
    mutationFn: (value: StudentFields[FieldName]) =>
      apiClient.post<StudentSaveResponse>('/api/student', { id: studentId, [field]: value }),
    onSuccess: (saved) => {
      queryClient.setQueryData<StudentRecord | null>(studentRecordQueryKey(studentId), (old) =>
        old ? { ...old, ...saved } : old,
      );
    },
    onError: (error) => {
      // Registration closed while the form was open: reload the status, which disables the form
      // and shows the notice saying why.
      if (error instanceof ApiError && error.status === 403) void queryClient.invalidateQueries({ queryKey: REGISTRATION_STATUS_QUERY_KEY });
    },
  });
}
