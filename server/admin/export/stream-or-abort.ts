import { Logger } from '@nestjs/common';
import type { Response } from 'express';

const logger = new Logger('Downloads');

/**
 * Runs a writer that streams into the response. Before the first byte an error is an ordinary
 * error answer; after it the only honest thing left is to cut the connection so the client sees a
 * failed download rather than a truncated file that looks complete.
 */
export async function streamOrAbort(res: Response, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (e) {
    if (!res.headersSent) {
      res.removeHeader('Content-Disposition');
      throw e;
    }
    logger.error({ msg: 'download failed part-way', error: e instanceof Error ? e.message : String(e) });
    res.destroy();
  }
}
