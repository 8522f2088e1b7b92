import dayjs from 'dayjs';
import type { RegistrationStatus } from '../../../../../shared/api-types.js';
import { PlainAlert } from '../../../components/plain-ui.js';

const long = (date: string) => dayjs(date).format('D MMMM YYYY');

/**
 * docs/product.md §4: why the form cannot be changed and until when; or, while open with a deadline, the last day.
 * Administrators may always edit: they are only told what students see.
 */
export function RegistrationNotice({ status, isAdmin }: { status: RegistrationStatus; isAdmin: boolean }) {
  if (status.editable) {
    if (!status.deadline) return null;
    const lastDay = long(dayjs(status.deadline).subtract(1, 'day').format('YYYY-MM-DD'));
    return <PlainAlert type="info" title={`Registration is open until the end of ${lastDay}.`} />;
  }
  const why =
    status.open === 1 && status.deadline
      ? `Registration closed on ${long(status.deadline)}, the deadline set by the school.`
      : 'Registration is closed: the school has not opened it, or has closed it.';
  if (isAdmin) {
    return (
      <PlainAlert type="info" title={`${why} Students cannot change their records; as an administrator you can.`} />
    );
  }
  return (
    <PlainAlert
      type="warning"
      role="alert"
      title={why}
      description={
        'Your record can be viewed but not changed until the school opens registration again. ' +
        'To change something now, please contact the school office.'
      }
    />
  );
}
