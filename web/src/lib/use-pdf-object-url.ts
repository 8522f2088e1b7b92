import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiClient } from './api-client.js';

/**
 * Loads a same-origin PDF (a generated document or an upload) once and gives an object URL for a
 * frame, so a refusal or a 503 ("Chromium is not configured") is shown as a message instead of a
 * frame full of JSON. Nothing is kept once the viewer closes (gcTime 0).
 */
export function usePdfObjectUrl(url: string | null) {
  const query = useQuery({
    queryKey: ['pdf-document', url],
    queryFn: ({ signal }) => apiClient.getBlob(url ?? '', signal),
    enabled: url !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
  const objectUrl = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  return { objectUrl, isLoading: query.isLoading, error: query.error, refetch: query.refetch };
}
