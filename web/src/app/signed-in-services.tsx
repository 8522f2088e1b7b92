import { SessionKeeper } from '../features/auth/components/session-keeper.js';
import { useUnsentCount } from '../features/registration/save-queue/use-field-save.js';

/** The idle warning and sign-in-again dialog (its own chunk: the sign-in pages do not need it). */
export default function SignedInServices() {
  return <SessionKeeper unsentAnswers={useUnsentCount()} />;
}
