import { InitialSchema1763800000000 } from './1763800000000-initial-schema.js';
import { TermReports1795318932000 } from './1795318932000-term-reports.js';
import { StudentFiles1795319000000 } from './1795319000000-student-files.js';
import { TermsOfRegistration1795320000000 } from './1795320000000-terms-of-registration.js';
import { StudentFileSources1795451200000 } from './1795451200000-student-file-sources.js';
import { ThrottlerHits1795461600000 } from './1795461600000-throttler-hits.js';
import { ExplicitForeignKeyActions1795462000000 } from './1795462000000-explicit-foreign-key-actions.js';
import { AdminMfaHelperMfa1795470000042 } from './1795470000042-admin-mfa.js';
import { Mail1795480000000 } from './1795480000000-mail.js';
import { TermRelease1795490000000 } from './1795490000000-term-release.js';
import { Guardians1795500000000 } from './1795500000000-guardians.js';
import { CacheInvalidations1795600000000 } from './1795600000000-cache-invalidations.js';
import { GuardianWrittenAddresses1795700000000 } from './1795700000000-guardian-written-addresses.js';
import { GuardianRevealedSections1795710000000 } from './1795710000000-guardian-revealed-sections.js';
import { OutboxGuardian1795830000000 } from './1795830000000-outbox-guardian.js';
import { SchoolYear1795900000000 } from './1795900000000-school-year.js';
import { RegistrationRound1796000000000 } from './1796000000000-registration-round.js';

/** Every migration, oldest first. Listed explicitly (no globs) so the build and tests load the same set. */
export const MIGRATIONS = [
  InitialSchema1763800000000,
  TermReports1795318932000,
  StudentFiles1795319000000,
  TermsOfRegistration1795320000000,
  StudentFileSources1795451200000,
  ThrottlerHits1795461600000,
  ExplicitForeignKeyActions1795462000000,
  AdminMfaHelperMfa1795470000042,
  Mail1795480000000,
  TermRelease1795490000000,
  Guardians1795500000000,
  CacheInvalidations1795600000000,
  GuardianWrittenAddresses1795700000000,
  GuardianRevealedSections1795710000000,
  OutboxGuardian1795830000000,
  SchoolYear1795900000000,
  RegistrationRound1796000000000,
];
