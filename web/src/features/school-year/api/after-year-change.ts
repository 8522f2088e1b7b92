import type { QueryClient } from '@tanstack/react-query';
import { formClassesQuery } from '../../../lib/queries/lookups/use-form-classes.js';
import { REGISTRATION_STATUS_QUERY_KEY } from '../../../lib/queries/use-registration-status.js';
import { SCHOOL_YEAR_QUERY_KEY } from '../../../lib/queries/use-school-year.js';

/**
 * A rollover or its undo changes the whole school: the year, every student's class and standing (the office's
 * Students table and registration progress, under 'admin'), the classes, and registration, which it closes.
 */
export function afterYearChange(queryClient: QueryClient): Promise<unknown> {
  queryClient.removeQueries({ queryKey: ['rollover'] });
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SCHOOL_YEAR_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: REGISTRATION_STATUS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: formClassesQuery.queryKey }),
  ]);
}
