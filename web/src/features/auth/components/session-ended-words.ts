import type { SessionEndReason } from '../../../../../shared/api-types.js';
import { SCHOOL_YEAR_MESSAGES } from '../../../../../shared/school-year.js';
import { inWords } from './in-words.js';

/** Why she must sign in again, as the 'Please sign in again' dialog says it (docs/product.md §4 Sign-in). */
export function sessionEndedWords(reason: SessionEndReason, idleMinutes: number): string {
  switch (reason) {
    case 'idle':
      return (
        `You were signed out after ${inWords(idleMinutes * 60_000)} without activity, ` + 'to protect your information.'
      );
    case 'expired':
      return 'You were signed out because you signed in many hours ago, to protect your information.';
    case 'password-changed':
      return (
        'You were signed out because the password of this account was changed on another device or with a ' +
        'reset link.'
      );
    case 'password-reset':
      return 'You were signed out because the school office reset the password of this account.';
    case 'access-removed':
      return 'You were signed out because your link to a student was removed.';
    case 'left-school':
      return SCHOOL_YEAR_MESSAGES.formerStudentSignIn;
    case 'signed-out':
      return 'You were signed out in another tab or window.';
    case 'ended':
      return 'Your session has ended.';
  }
}
