import { Readable } from 'node:stream';
import { Controller, Get, Param, StreamableFile } from '@nestjs/common';
import { CurrentUser, Roles } from '../common/decorators.js';
import type { SessionUser } from '../common/session-user.js';
import { SubjectAccessService } from './subject-access.service.js';
import { ApiRoute } from '../common/api-docs.js';

/** Data protection: a student's subject-access export (docs/product.md, admin area). */
@Controller('api')
export class SubjectAccessController {
  constructor(private readonly subjectAccess: SubjectAccessService) {}

  /** One ZIP of everything held about the student: record, audit trail, documents, generated PDFs. */
  @Roles('admin')
  @ApiRoute({
    summary: "A student's subject-access export",
    description: 'One ZIP of everything held about her: record, audit trail, documents, generated PDFs.',
    ok: { description: 'The ZIP.', file: 'application/zip' },
    errors: { 404: 'No such student', 503: 'PDFs cannot be made now (Chromium unavailable or busy)' },
  })
  @Get('students/:studentId/export')
  async export(@CurrentUser() user: SessionUser, @Param('studentId') studentId: string): Promise<StreamableFile> {
    const { fileName, stream } = await this.subjectAccess.export(user, studentId);
    const ascii = fileName.replace(/[^A-Za-z0-9 ._-]/g, '_');
    // jszip's stream is an old-style Node stream: wrap it in a modern Readable for Nest.
    return new StreamableFile(new Readable().wrap(stream), {
      type: 'application/zip',
      disposition: `attachment; filename="${ascii}"`,
    });
  }
}
