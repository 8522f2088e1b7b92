// Uploaded documents (§3 Document file, §4 Document upload, §8 messages). Framework-free: imported by
// the server (upload rules, answers) and the web client (the Upload Documents step).

import { DOCUMENT_TYPES, type DocumentType } from './constants.js';

export { DOCUMENT_TYPES, type DocumentType };

/** The slots of the Upload Documents step, in order, with the label a person reads. */
export const DOCUMENT_LABELS: Record<DocumentType, string> = {
  birth_certificate: 'Birth Certificate',
  immunization_card: 'Immunization Card',
  immunization_covid: 'COVID-19 Immunization Card',
  sea_slip: 'SEA Slip',
  picture: 'Picture',
  immigration_permit: 'Immigration Permit',
};

export const DOCUMENT_ORDER: readonly DocumentType[] = [
  'birth_certificate', 'immunization_card', 'immunization_covid', 'sea_slip', 'picture', 'immigration_permit',
];

export const UPLOAD_MESSAGES = {
  selectFile: 'Please select a file!',
  pdf: 'Please upload PDF File.',
  jpeg: 'Please upload a JPEG File.',
  failed: 'Could not upload the file!',
  uploaded: (name: string) => `Uploaded the file successfully: ${name}`,
  tooLarge: (maxMb: number) => `The file is too large. The largest file accepted is ${maxMb} MB.`,
  fileType: 'Choose one of the document types.',
  immigrationOff: 'An immigration permit can be uploaded only when the record says the student has one.',
  unreadable: 'The file could not be read. Please upload it again.',
} as const;

/** The message for a file of the wrong kind for this slot. */
export function wrongTypeMessage(type: DocumentType): string {
  return DOCUMENT_TYPES[type] === 'jpeg' ? UPLOAD_MESSAGES.jpeg : UPLOAD_MESSAGES.pdf;
}

/** What the file input accepts for a slot (a hint for the browser's picker; the server decides). */
export function acceptOf(type: DocumentType): string {
  return DOCUMENT_TYPES[type] === 'jpeg' ? '.jpg,.jpeg,image/jpeg' : '.pdf,application/pdf';
}

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && Object.hasOwn(DOCUMENT_TYPES, value);
}

/** Which slots a record shows: the immigration permit only when the record's immigration switch is on. */
export function documentTypesFor(record: { immigration_permit?: number | null }): DocumentType[] {
  return DOCUMENT_ORDER.filter((t) => t !== 'immigration_permit' || record.immigration_permit === 1);
}

/** GET /api/get-files/{studentId}: one item per current file (§3 Document file), plus when and how big. */
export interface DocumentFile {
  name: string;
  /** the authorised download route of this version */
  url: string;
  type: DocumentType;
  mime: 'application/pdf' | 'image/jpeg';
  size: number;
  uploaded_at: string;
}

/** GET /api/file-versions/{studentId} (admin): every version ever uploaded, newest first. */
export interface DocumentVersion extends DocumentFile {
  id: number;
  sha256: string;
  uploaded_by: string;
  /** null while it is the current file of its type; the time it was replaced otherwise */
  replaced_at: string | null;
}

/** POST /api/store-file */
export interface StoreFileResponse {
  message: string;
  file: DocumentFile;
}

/** GET /api/student-data-files/{studentId} and POST /api/student-data-files: the current file of each type. */
export type StudentDataFiles = { student_id: string; updated_at: string | null } & Record<DocumentType, DocumentFile | null>;
