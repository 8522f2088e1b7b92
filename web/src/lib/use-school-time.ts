import { schoolMinute } from '../../../shared/school-time.js';
import { useAuth } from './auth-store.js';

/**
 * 'YYYY-MM-DD HH:mm' of a stored instant in the school's time zone (from the session's settings), as the server
 * writes posting dates and holds: the same time whatever the zone of the office's computer.
 */
export function useSchoolTime(): (iso: string | null | undefined) => string {
  const { settings } = useAuth();
  return (iso) => schoolMinute(iso, settings.time_zone);
}
