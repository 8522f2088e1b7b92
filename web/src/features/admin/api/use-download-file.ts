import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.js';

/**
 * Downloads a generated file (a spreadsheet) and saves it under `fileName`, as the browser would a
 * link, but with the API client's error handling: a refusal becomes an ApiError with its message.
 */
async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await apiClient.getBlob(path);
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.style.display = 'none';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the blob to the browser's download; a moment later it can go.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export interface DownloadInput {
  path: string;
  fileName: string;
}

/** A download as a mutation, so a screen can show 'Downloading data...' while it runs and the error after. */
export function useDownloadFile() {
  return useMutation({ mutationFn: ({ path, fileName }: DownloadInput) => downloadFile(path, fileName) });
}
