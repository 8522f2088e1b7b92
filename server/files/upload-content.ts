// From the files of one upload to the one file a slot stores. Every file's content is checked (by its
// bytes) before any is converted, so a single bad file refuses the whole upload and nothing is stored.

import { createHash } from 'node:crypto';
import {
  ServiceUnavailableException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import {
  acceptedKinds,
  DOCUMENT_LABELS,
  DOCUMENT_TYPES,
  type DocumentType,
  MAX_DOCUMENT_PAGES,
  type SourceFile,
  UPLOAD_MESSAGES,
  type UploadKind,
  wrongTypeMessage,
} from '../../shared/documents.js';
import { detectKind, type FileKind, InvalidJpegError, stripJpegMetadata } from './file-content.js';
import {
  ImageTooLargeError,
  isOversizedPicture,
  MAX_INPUT_MEGAPIXELS,
  photoAsPage,
  pictureAsJpeg,
  UnreadableImageError,
} from './images.js';
import {
  AssemblyTimeoutError,
  assemblePdf,
  cleanPdf,
  type PagePart,
  PdfNotCombinedError,
  TooManyPagesError,
  UnreadablePdfError,
} from './pdf-assembly.js';

/** What multer hands over (memory storage): the bytes and the name the uploader's device gave. */
export interface UploadedBytes {
  originalname: string;
  buffer: Buffer;
}

/** The file to store for the slot, and what it was made from. */
export interface PreparedUpload {
  bytes: Buffer;
  kind: FileKind;
  /** the name shown to people */
  name: string;
  /** every file received, in page order, with its SHA-256 */
  sources: SourceFile[];
}

/**
 * A file name fit to show and to put in a Content-Disposition header: no path, no control characters,
 * and no bidirectional marks, overrides or isolates (U+202E would show "gpj.exe" as "exe.jpg").
 */
function plainName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|:*?]/g, '')
    .trim()
    .slice(0, 200);
  return cleaned.startsWith('.') ? '' : cleaned;
}

/** The cleaned name, or the slot's own name with the stored file's extension when nothing is left. */
function cleanFileName(name: string | undefined, type: DocumentType): string {
  return plainName(name) || `${type}${DOCUMENT_TYPES[type] === 'jpeg' ? '.jpg' : '.pdf'}`;
}

function withExtension(name: string, ext: string): string {
  return `${name.replace(/\.[^.]{1,5}$/, '')}${ext}`;
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Checks the files of an upload against the slot and makes the file to store:
 * - the picture: one photo of at most PICTURE_MAX_PX on its longer side; a JPEG within it keeps its image
 *   data (only its metadata is removed, the orientation kept); a larger one, a PNG or a WebP becomes a
 *   JPEG of at most that size;
 * - a document: one PDF is stored with its pages as they came but without actions, embedded files or
 *   metadata (cleanPdf; 415 when it cannot be read); anything else (photos, several files, a PDF with photos)
 *   becomes one PDF with the pages in the order sent.
 * Throws the HTTP error to answer: 415 for content the slot does not take (HEIC with its own message),
 * 422 for an image over MAX_INPUT_MEGAPIXELS (refused before it is decoded) or several files in the
 * picture slot.
 */
export async function prepareUpload(type: DocumentType, parts: UploadedBytes[]): Promise<PreparedUpload> {
  const picture = DOCUMENT_TYPES[type] === 'jpeg';
  if (picture && parts.length > 1) {
    throw new UnprocessableEntityException({
      message: UPLOAD_MESSAGES.onePicture,
      errors: { file: [UPLOAD_MESSAGES.onePicture] },
    });
  }
  const detected = parts.map((p) => detectKind(p.buffer));
  if (detected.includes('heic')) throw new UnsupportedMediaTypeException(UPLOAD_MESSAGES.heic);
  const accepted = acceptedKinds(type);
  const kinds = detected.filter((k): k is UploadKind => k !== null && k !== 'heic' && accepted.includes(k));
  if (kinds.length !== parts.length) throw new UnsupportedMediaTypeException(wrongTypeMessage(type));

  const sources: SourceFile[] = parts.map((p, n) => ({
    name: plainName(p.originalname) || `page ${n + 1}`,
    kind: kinds[n],
    size: p.buffer.length,
    sha256: sha256(p.buffer),
  }));
  try {
    const made = picture ? await pictureFile(type, parts[0], kinds[0]) : await documentFile(type, parts, kinds);
    return { ...made, sources };
  } catch (e) {
    if (e instanceof InvalidJpegError || e instanceof UnreadableImageError)
      throw new UnsupportedMediaTypeException(wrongTypeMessage(type));
    if (e instanceof ImageTooLargeError)
      throw new UnprocessableEntityException({
        message: UPLOAD_MESSAGES.imageTooBig(MAX_INPUT_MEGAPIXELS),
        errors: { file: [UPLOAD_MESSAGES.imageTooBig(MAX_INPUT_MEGAPIXELS)] },
      });
    if (e instanceof TooManyPagesError)
      throw new UnprocessableEntityException({
        message: UPLOAD_MESSAGES.tooManyPages(MAX_DOCUMENT_PAGES),
        errors: { file: [UPLOAD_MESSAGES.tooManyPages(MAX_DOCUMENT_PAGES)] },
      });
    if (e instanceof PdfNotCombinedError) throw new UnsupportedMediaTypeException(UPLOAD_MESSAGES.pdfNotCombined);
    if (e instanceof UnreadablePdfError) throw new UnsupportedMediaTypeException(UPLOAD_MESSAGES.pdfUnreadable);
    if (e instanceof AssemblyTimeoutError) throw new ServiceUnavailableException(UPLOAD_MESSAGES.busy);
    throw e;
  }
}

async function pictureFile(
  type: DocumentType,
  part: UploadedBytes,
  kind: UploadKind,
): Promise<Omit<PreparedUpload, 'sources'>> {
  const name = cleanFileName(part.originalname, type);
  if (kind === 'jpeg') {
    // Lossless when it is within PICTURE_MAX_PX: the image data is kept as it came. The header check
    // refuses a decompression bomb before anything is decoded.
    const bytes = stripJpegMetadata(part.buffer);
    if (!(await isOversizedPicture(bytes))) return { bytes, kind: 'jpeg', name };
    return { bytes: await pictureAsJpeg(bytes), kind: 'jpeg', name };
  }
  return { bytes: await pictureAsJpeg(part.buffer), kind: 'jpeg', name: withExtension(name, '.jpg') };
}

async function documentFile(
  type: DocumentType,
  parts: UploadedBytes[],
  kinds: UploadKind[],
): Promise<Omit<PreparedUpload, 'sources'>> {
  if (parts.length === 1 && kinds[0] === 'pdf')
    return { bytes: await cleanPdf(parts[0].buffer), kind: 'pdf', name: cleanFileName(parts[0].originalname, type) };
  const pages: PagePart[] = [];
  // One photo after another: at most one of this upload's photos is decoded at a time.
  for (const [n, part] of parts.entries()) {
    pages.push(
      kinds[n] === 'pdf' ? { kind: 'pdf', bytes: part.buffer } : { kind: 'image', ...(await photoAsPage(part.buffer)) },
    );
  }
  return { bytes: await assemblePdf(pages), kind: 'pdf', name: `${DOCUMENT_LABELS[type]}.pdf` };
}
