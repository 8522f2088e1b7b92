import { StreamableFile } from '@nestjs/common';

/**
 * A generated PDF as a controller's answer: shown in the browser's viewer (inline) under a file name
 * for saving. Cache-Control: no-store comes from the /api middleware.
 */
export function pdfFile(bytes: Buffer, fileName: string): StreamableFile {
  const safe = fileName.replace(/[^A-Za-z0-9 ._-]/g, '_');
  return new StreamableFile(bytes, {
    type: 'application/pdf',
    disposition: `inline; filename="${safe}"`,
    length: bytes.length,
  });
}
