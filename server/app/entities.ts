import { CacheInvalidation } from '../cache/cache-invalidation.entity.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { LoginThrottle } from '../auth/sign-in/login-throttle.entity.js';
import { SessionRow } from '../auth/sessions/session.entity.js';
import { AdminMfa, AdminMfaRecoveryCode } from '../auth/mfa/admin-mfa.entity.js';
import {
  EthnicGroup,
  FormClass,
  House,
  RegionalCorporation,
  Religion,
  Town,
} from '../lookups/entities/lookups.entities.js';
import { StudentFile } from '../files/entities/student-file.entity.js';
import { ThrottlerHit } from '../common/throttling/throttler-hit.entity.js';
import { RegistrationStatus } from '../students/entities/registration-status.entity.js';
import { Student } from '../students/entities/student.entity.js';
import { GuardianWrittenAddress } from '../students/entities/guardian-written-address.entity.js';
import { TermsVersion } from '../terms/entities/terms-version.entity.js';
import {
  TermReport,
  TermReportClassPosting,
  TermReportHoldRow,
  TermReportLine,
  TermReportPosting,
} from '../term-reports/entities/term-report.entity.js';
import { User } from '../users/entities/user.entity.js';
import { MailRun } from '../mail/entities/mail-run.entity.js';
import { OutboxMessage } from '../mail/entities/outbox-message.entity.js';
import { PasswordResetToken } from '../auth/recovery/password-reset-token.entity.js';
import { GuardianInvitation } from '../guardians/entities/guardian-invitation.entity.js';
import {
  ClassRule,
  Rollover,
  RolloverStudent,
  SchoolYearRow,
  StudentClass,
} from '../school-year/entities/school-year.entities.js';
import {
  RegistrationArchive,
  RegistrationReview,
  RegistrationRoundMark,
} from '../registration-round/entities/registration-round.entities.js';
import { RetentionPolicy } from '../retention/entities/retention-policy.entity.js';
import { GuardianLink } from '../guardian-links/entities/guardian-link.entity.js';

/** Every entity of the service: the one list given to the DataSource for the app, the CLI and tests. */
export const ENTITIES = [
  Student,
  GuardianWrittenAddress,
  User,
  SessionRow,
  LoginThrottle,
  ThrottlerHit,
  AuditEntry,
  FormClass,
  Town,
  RegionalCorporation,
  Religion,
  EthnicGroup,
  House,
  RegistrationStatus,
  StudentFile,
  TermReport,
  TermReportLine,
  TermReportPosting,
  TermReportClassPosting,
  TermReportHoldRow,
  TermsVersion,
  AdminMfa,
  AdminMfaRecoveryCode,
  OutboxMessage,
  MailRun,
  PasswordResetToken,
  GuardianLink,
  GuardianInvitation,
  CacheInvalidation,
  SchoolYearRow,
  ClassRule,
  StudentClass,
  Rollover,
  RolloverStudent,
  RetentionPolicy,
  RegistrationArchive,
  RegistrationRoundMark,
  RegistrationReview,
];
