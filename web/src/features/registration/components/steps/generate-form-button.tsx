import { RegistrationFormButton } from '../../documents/components/registration-form-button.js';

/**
 * docs/product.md §2 Complete: 'Generate Registration Form' (the documents feature's button and full-screen viewer).
 */
export function GenerateFormButton({ studentId }: { studentId: string }) {
  return <RegistrationFormButton studentId={studentId} />;
}
