import { ApiParam } from '@nestjs/swagger';
import { Controller, Get, Param, ParseIntPipe, Res, UnprocessableEntityException } from '@nestjs/common';
import type { Response } from 'express';
import type { RegistrationDataRow } from '../../../shared/admin-types.js';
import { Roles } from '../../common/decorators.js';
import { streamOrAbort } from './stream-or-abort.js';
import { attachmentHeaders } from './xlsx.js';
import { RegistrationExportService } from './registration-export.service.js';
import { ApiRoute } from '../../common/api-docs.js';
import { ref } from '../../common/api-schemas.js';

@Roles('admin')
@Controller('api')
export class RegistrationExportController {
  constructor(private readonly exporter: RegistrationExportService) {}

  /** docs/product.md §7: binary, saved by the client as 'Registration Data.xlsx'. */
  @ApiRoute({
    summary: 'Registration data spreadsheet',
    description: "Every student's registration as 'Registration Data.xlsx'.",
    ok: { description: 'The workbook.', file: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  })
  @Get('registration-data-spreadsheet')
  async spreadsheet(@Res() res: Response): Promise<void> {
    attachmentHeaders(res, 'Registration Data.xlsx');
    await streamOrAbort(res, () => this.exporter.writeSpreadsheet(res));
  }

  @ApiRoute({
    summary: 'Registration data of one form level',
    ok: {
      description: 'One row per student of the form level.',
      schema: { type: 'array', items: ref('RegistrationDataRow') },
    },
    errors: { 422: 'The form level is not a number from 1 to 6' },
  })
  @ApiParam({ name: 'formLevel', schema: { type: 'integer', minimum: 1, maximum: 6 } })
  @Get('student-registration/:formLevel')
  byFormLevel(
    @Param('formLevel', new ParseIntPipe({ exceptionFactory: () => badLevel() })) formLevel: number,
  ): Promise<RegistrationDataRow[]> {
    if (formLevel < 1 || formLevel > 6) throw badLevel();
    return this.exporter.rowsOfFormLevel(formLevel);
  }
}

function badLevel(): UnprocessableEntityException {
  const message = 'The form level must be a number from 1 to 6.';
  return new UnprocessableEntityException({ message, errors: { formLevel: [message] } });
}
