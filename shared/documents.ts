// Uploaded documents (docs/product.md §3 Document file, §4 Document upload, §8 messages). Framework-free: imported by
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
  'birth_certificate',
  'immunization_card',
  'immunization_covid',
  'sea_slip',
  'picture',
  'immigration_permit',
];

export const UPLOAD_MESSAGES = {
  selectFile: 'Please select a file!',
  // What the slot really takes (the server's kinds below): a PDF or photos of its pages; the picture any photo.
  pdf: 'Please choose a PDF or a photo (JPG, PNG or WebP).',
  jpeg: 'Please choose a photo (JPG, PNG or WebP).',
  failed: 'Could not upload the file!',
  /** Chosen while the device has no connection: kept in the page and sent when it is back. */
  waiting: "Waiting for a connection — it will send when you're back online.",
  /** Chosen while other documents of the page are being sent (the page sends two at a time): it goes after them. */
  waitingTurn: 'Waiting its turn — it will send as soon as the documents before it have gone.',
  /** Leaving the page (another step, a reload) while a chosen document is still being sent or waiting. */
  leaving: 'A document has not reached the school yet. If you leave this page now, it may be lost. Leave anyway?',
  uploaded: (name: string) => `Uploaded the file successfully: ${name}`,
  tooLarge: (maxMb: number) => `The file is too large. The largest file accepted is ${maxMb} MB.`,
  fileType: 'Choose one of the document types.',
  immigrationOff: 'An immigration permit can be uploaded only when the record says the student has one.',
  unreadable: 'The file could not be read. Please upload it again.',
  tooLargeTotal: (maxMb: number) => `The files are too large together. At most ${maxMb} MB can be sent in one upload.`,
  tooManyFiles: (max: number) => `Too many files. A document can have at most ${max} pages (files) in one upload.`,
  onePicture: 'The picture is one photo. Please choose a single file.',
  heic:
    'HEIC photos cannot be read here. Please send the photo as a JPEG: on an iPhone, choose it again ' +
    'in Safari, which converts it to JPEG.',
  tooManyPages: (max: number) =>
    `This document has more than ${max} pages. Please upload only the pages of the document asked for.`,
  imageTooBig: (megapixels: number) =>
    `The photo is too large to read (more than ${megapixels} megapixels). Please send a smaller copy.`,
  pdfNotCombined:
    'A PDF sent together with other pages could not be read (it may be password-protected). Please upload ' +
    'it on its own.',
  busy: 'The document could not be prepared in time. Please try again in a minute.',
  pdfUnreadable:
    'The PDF could not be read (it may be damaged). Please save it again from the app that made it, or ' +
    'upload photos of its pages.',
  idFirst: 'The student ID must be sent before the files.',
  fieldTwice: 'Each field may be sent only once.',
  badForm: 'The upload could not be understood. Please choose the file again.',
  interrupted: 'The upload was interrupted. Please try again.',
  uploadInProgress: (wait: string) =>
    `Another upload from your account is still being sent. Please wait for it to finish, then try again in ${wait}.`,
  serverBusy: 'Many files are being sent to the school right now. Please try again in a minute.',
  tooManyUploads: (max: number, minutes: number) => (wait: string) =>
    `Too many uploads: at most ${max} uploads are taken in ${minutes} minutes. Please try again in ${wait}.`,
  overBudget: (budgetMb: number) =>
    `This upload would take the student's documents over their storage limit of ${budgetMb} MB ` +
    '(every version sent is kept). Please contact the school office.',
} as const;

/** At most this many uploads per account in UPLOAD_RATE_MINUTES (docs/product.md §5). */
export const UPLOAD_RATE_LIMIT = 30;
export const UPLOAD_RATE_MINUTES = 10;

/** The message for a file of the wrong kind for this slot. */
export function wrongTypeMessage(type: DocumentType): string {
  return DOCUMENT_TYPES[type] === 'jpeg' ? UPLOAD_MESSAGES.jpeg : UPLOAD_MESSAGES.pdf;
}

/**
 * What may be sent, by content. Every document slot stores a PDF but also takes photos of the pages
 * (a phone camera makes JPEGs; screenshots are PNG, some Android galleries WebP); the server turns
 * them into one PDF. The picture slot stores a JPEG and takes any of the three photo formats.
 */
export type UploadKind = 'pdf' | 'jpeg' | 'png' | 'webp';
export const PHOTO_KINDS: readonly UploadKind[] = ['jpeg', 'png', 'webp'];

export function acceptedKinds(type: DocumentType): readonly UploadKind[] {
  return DOCUMENT_TYPES[type] === 'jpeg' ? PHOTO_KINDS : ['pdf', ...PHOTO_KINDS];
}

/** How a slot's accepted files are named to a person. */
export function acceptedLabel(type: DocumentType): string {
  return DOCUMENT_TYPES[type] === 'jpeg' ? 'photo' : 'PDF or photos';
}

/** Whether a slot takes several files in one upload (the pages of one document). */
export function takesPages(type: DocumentType): boolean {
  return DOCUMENT_TYPES[type] === 'pdf';
}

const ACCEPT: Record<UploadKind, string> = {
  pdf: '.pdf,application/pdf',
  jpeg: '.jpg,.jpeg,image/jpeg',
  png: '.png,image/png',
  webp: '.webp,image/webp',
};

/**
 * What the file input accepts for a slot (a hint for the browser's picker; the server decides). HEIC is
 * left out on purpose: an iPhone then converts its photos to JPEG as it hands them to the page.
 */
export function acceptOf(type: DocumentType): string {
  return acceptedKinds(type)
    .map((k) => ACCEPT[k])
    .join(',');
}

/** At most this many files (the pages of one document) in one upload. */
export const MAX_UPLOAD_FILES = 10;
/** Pages of one stored document, whatever its parts hold: a certificate or a card has a few. */
export const MAX_DOCUMENT_PAGES = 30;
/** All the files of one upload together may be this many times UPLOAD_MAX_MB. */
export const UPLOAD_TOTAL_FACTOR = 4;

/** GET /api/upload-limits: what the client checks before sending anything (the server checks again). */
export interface UploadLimits {
  /** each file (UPLOAD_MAX_MB) */
  max_file_mb: number;
  /** all the files of one upload together */
  max_total_mb: number;
  max_files: number;
}

export function uploadLimitsFor(maxFileMb: number): UploadLimits {
  return { max_file_mb: maxFileMb, max_total_mb: maxFileMb * UPLOAD_TOTAL_FACTOR, max_files: MAX_UPLOAD_FILES };
}

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && Object.hasOwn(DOCUMENT_TYPES, value);
}

/** Which slots a record shows: the immigration permit only when the record's immigration switch is on. */
export function documentTypesFor(record: { immigration_permit?: number | null }): DocumentType[] {
  return DOCUMENT_ORDER.filter((t) => t !== 'immigration_permit' || record.immigration_permit === 1);
}

/**
 * GET /api/get-files/{studentId}: one item per current file (docs/product.md §3 Document file), plus when and how big.
 */
export interface DocumentFile {
  name: string;
  /** the authorised download route of this version */
  url: string;
  type: DocumentType;
  mime: 'application/pdf' | 'image/jpeg';
  size: number;
  uploaded_at: string;
}

/** One file as it was received, before it became (part of) a stored version. */
export interface SourceFile {
  name: string;
  /** what its bytes are */
  kind: UploadKind;
  size: number;
  sha256: string;
}

/** GET /api/file-versions/{studentId} (admin): every version ever uploaded, newest first. */
export interface DocumentVersion extends DocumentFile {
  id: number;
  /** of the stored file */
  sha256: string;
  /**
   * The files received for this version, in page order (versions stored before photos were accepted:
   * null). A PDF made from photos is not byte for byte any of them, so their hashes are kept here.
   */
  sources: SourceFile[] | null;
  uploaded_by: string;
  /** null while it is the current file of its type; the time it was replaced otherwise */
  replaced_at: string | null;
}

/** GET /api/file-storage/{studentId} (admin): the bytes of all her stored versions, and her budget. */
export interface FileStorageUse {
  used_bytes: number;
  budget_bytes: number;
}

/** POST /api/store-file */
export interface StoreFileResponse {
  message: string;
  file: DocumentFile;
}

/** GET /api/student-data-files/{studentId} and POST /api/student-data-files: the current file of each type. */
export type StudentDataFiles = { student_id: string; updated_at: string | null } & Record<
  DocumentType,
  DocumentFile | null
>;
