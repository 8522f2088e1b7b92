import type { QueryClient } from '@tanstack/react-query';
import { formClassesQuery } from '../../../lib/queries/lookups/use-form-classes.js';
import { REGISTRATION_STATUS_QUERY_KEY } from '../../../lib/queries/use-registration-status.js';
import { SCHOOL_YEAR_QUERY_KEY } from '../../../lib/queries/use-school-year.js';
import { LATEST_ROLLOVER_QUERY_KEY } from './use-latest-rollover.js';

/**
 * A rollover or its undo changes the whole school: the year, every student's class and standing (the office's
 * Students table and registration progress, under 'admin'; a student's record and her year's registration round; the
 * students a term report can be held for; the terms of a student's report cards), the classes, and registration,
 * which it closes.
 *
 * The latest rollover is read again first, before the year: the page then goes from the wizard straight to the
 * outcome, never drawing the wizard of the year after (nor asking for its preview) in between.
 */
export async function afterYearChange(queryClient: QueryClient): Promise<unknown> {
  await queryClient.invalidateQueries({ queryKey: LATEST_ROLLOVER_QUERY_KEY });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SCHOOL_YEAR_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: REGISTRATION_STATUS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: formClassesQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: ['student-record'] }),
    queryClient.invalidateQueries({ queryKey: ['registration-round'] }),
    queryClient.invalidateQueries({ queryKey: ['term-reports', 'hold-candidates'] }),
    queryClient.invalidateQueries({ queryKey: ['report-card-terms'] }),
    queryClient.invalidateQueries({ queryKey: ['my-students'] }),
    queryClient.removeQueries({ queryKey: ['rollover', 'preview'] }),
  ]);
}
