// What the page does with a chosen file before anything is sent: tell what it is (by the browser's
// type or the name's extension; the server decides by the bytes), make a large photo smaller, and
// refuse what the server would refuse for its size, saying the limit.

import {
  acceptedKinds,
  type DocumentType,
  UPLOAD_MESSAGES,
  type UploadKind,
  type UploadLimits,
  wrongTypeMessage,
} from '../../../../../shared/documents.js';
import { COLOR } from '../../../../../shared/design-tokens.js';

const MB = 1024 * 1024;

/**
 * The long side of a photo as sent. The server prints a photo on a Letter page at 200 dpi, whose
 * printable area is 2000 px high: more pixels would be thrown away there after crossing mobile data.
 * A 12-megapixel phone photo (4032 × 3024, 3-6 MB) goes up as about 0.5-1 MB.
 */
const MAX_PHOTO_SIDE = 2000;
/** A photo smaller than this and within MAX_PHOTO_SIDE goes as it is. */
const SHRINK_ABOVE_BYTES = 1 * MB;
const JPEG_QUALITY = 0.85;

/** One chosen file, ready to send. */
export interface ChosenFile {
  /** a key for lists */
  id: string;
  /** what is sent: the file itself, or a smaller JPEG made from it */
  file: File;
  /** the name and size the person chose */
  name: string;
  originalSize: number;
}

export type Prepared = { ok: true; chosen: ChosenFile } | { ok: false; message: string; detail: string };

const BY_MIME: Record<string, UploadKind | 'heic'> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heic',
};
const BY_EXTENSION: Record<string, UploadKind | 'heic'> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  heif: 'heic',
};

/** The browser's idea of the file's kind, only to catch an obvious mistake before sending it. */
export function kindOf(file: File): UploadKind | 'heic' | null {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return BY_MIME[file.type.toLowerCase()] ?? BY_EXTENSION[extension] ?? null;
}

export function sizeText(bytes: number): string {
  return bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`;
}

let nextId = 0;

/**
 * Checks a chosen file for a slot and makes a large photo smaller (see shrinkPhoto). A file over the
 * limit, as it would be sent, is refused here with the limit in the message; nothing is sent for it.
 */
export async function prepareFile(file: File, type: DocumentType, limits: UploadLimits | undefined): Promise<Prepared> {
  const kind = kindOf(file);
  if (kind === 'heic') return { ok: false, message: UPLOAD_MESSAGES.heic, detail: file.name };
  if (!kind || !acceptedKinds(type).includes(kind))
    return { ok: false, message: wrongTypeMessage(type), detail: file.name };
  const sent = kind === 'pdf' ? file : ((await shrinkPhoto(file)) ?? file);
  if (limits && sent.size > limits.max_file_mb * MB) {
    return {
      ok: false,
      message: UPLOAD_MESSAGES.tooLarge(limits.max_file_mb),
      detail: `${file.name} is ${sizeText(sent.size)}.`,
    };
  }
  return { ok: true, chosen: { id: `chosen-${++nextId}`, file: sent, name: file.name, originalSize: file.size } };
}

/** Whether one more file fits the upload's limits: how many files, how much together. */
export function checkTogether(chosen: ChosenFile[], limits: UploadLimits | undefined): string | null {
  if (!limits) return null;
  if (chosen.length > limits.max_files) return UPLOAD_MESSAGES.tooManyFiles(limits.max_files);
  const total = chosen.reduce((sum, c) => sum + c.file.size, 0);
  return total > limits.max_total_mb * MB ? UPLOAD_MESSAGES.tooLargeTotal(limits.max_total_mb) : null;
}

/**
 * A photo made smaller in the browser: at most MAX_PHOTO_SIDE on its long side, JPEG. The browser
 * decodes it upright (it applies the EXIF orientation), and the canvas keeps none of the photo's
 * metadata, so the camera and location never leave the phone. Null when the photo is already small,
 * when the browser cannot decode it (the server then decides) or when the result would not be smaller.
 */
async function shrinkPhoto(file: File): Promise<File | null> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const { naturalWidth: width, naturalHeight: height } = image;
    const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(width, height));
    if (scale === 1 && file.size <= SHRINK_ABOVE_BYTES) return null;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.fillStyle = COLOR.white; // a transparent PNG would otherwise turn black as a JPEG
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    canvas.width = 0; // let a phone free the canvas memory now
    if (!blob || blob.size >= file.size) return null;
    return new File([blob], file.name.replace(/\.[^.]{1,5}$/, '') + '.jpg', {
      type: 'image/jpeg',
      lastModified: file.lastModified,
    });
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
