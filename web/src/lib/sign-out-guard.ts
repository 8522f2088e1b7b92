/**
 * Something that must be said before she signs out on purpose (e.g. answers not saved yet, which
 * signing out removes from the device). Features register a guard; the sign-out asks the person
 * when any of them has something to say.
 */
type SignOutGuard = () => string | null;
const guards = new Set<SignOutGuard>();

export function addSignOutGuard(guard: SignOutGuard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

/** The first warning a guard gives, or null when signing out loses nothing. */
export function signOutWarning(): string | null {
  for (const guard of guards) {
    const warning = guard();
    if (warning) return warning;
  }
  return null;
}
