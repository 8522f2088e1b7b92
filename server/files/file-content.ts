// What an uploaded file really is (by its first bytes, never its name or the browser's claim), and
// the JPEG clean-up done before a picture is stored.

import type { UploadKind } from '../../shared/documents.js';

/** What is stored: a PDF for every document, a JPEG for the picture. */
export type FileKind = 'pdf' | 'jpeg';

export const MIME_OF: Record<FileKind, 'application/pdf' | 'image/jpeg'> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
};

/** HEIF brands of iPhone photos (and other HEVC stills); AVIF ('avif', 'avis') is not among them. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * '%PDF-' for a PDF, FF D8 FF for a JPEG, the PNG signature, 'RIFF....WEBP' for WebP, and an ISO
 * 'ftyp' box with a HEIF brand for an iPhone's HEIC photo (recognised only to refuse it with its own
 * message). Anything else (an empty file, a script, HTML, a GIF) is none of them.
 */
export function detectKind(bytes: Buffer): UploadKind | 'heic' | null {
  const ascii = (from: number, to: number) => bytes.subarray(from, to).toString('latin1');
  if (bytes.length >= 5 && ascii(0, 5) === '%PDF-') return 'pdf';
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && HEIC_BRANDS.has(ascii(8, 12))) return 'heic';
  return null;
}

export class InvalidJpegError extends Error {}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;
const startsWith = (seg: Buffer, text: string) => seg.subarray(4, 4 + text.length).toString('latin1') === text;

/**
 * Removes what a photo carries about where, when and on what it was taken: EXIF (with GPS and its
 * thumbnail) and XMP (APP1), Photoshop/IPTC (APP13), comments, thumbnails (the one a JFIF header may
 * carry, JFIF extension "JFXX" segments), other APPn segments, and anything after the image's end
 * marker (phones append secondary images there). Keeps what decoding needs: the JFIF header (APP0,
 * cut to its 14 bytes and declaring no thumbnail), the ICC colour profile (APP2 'ICC_PROFILE', without
 * the text of its tags), Adobe's colour transform (APP14, its fixed 12 bytes) and every image segment.
 * The EXIF orientation is kept as a
 * minimal EXIF block holding only that tag, so a portrait photo still shows upright. Throws
 * InvalidJpegError when the structure is not a JPEG's.
 */
export function stripJpegMetadata(input: Buffer): Buffer {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== SOI) throw new InvalidJpegError('no start-of-image marker');
  const head: Buffer[] = [input.subarray(0, 2)];
  const body: Buffer[] = [];
  let orientation: number | null = null;
  let sawScan = false;
  let pos = 2;

  while (pos < input.length) {
    if (input[pos] !== 0xff) throw new InvalidJpegError(`expected a marker at byte ${pos}`);
    while (input[pos + 1] === 0xff) pos++; // fill bytes
    const marker = input[pos + 1];
    if (marker === undefined) throw new InvalidJpegError('truncated marker');
    if (marker === EOI) {
      body.push(input.subarray(pos, pos + 2));
      break; // anything after the end of the image is dropped
    }
    if (isRst(marker) || marker === 0x01) {
      body.push(input.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    if (pos + 4 > input.length) throw new InvalidJpegError('truncated segment');
    const length = input.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > input.length) throw new InvalidJpegError(`bad segment length at byte ${pos}`);
    const segment = input.subarray(pos, pos + 2 + length);
    pos += 2 + length;

    if (marker === APP1 && startsWith(segment, 'Exif\0\0')) orientation ??= exifOrientation(segment.subarray(10));
    const keep =
      marker === APP0
        ? startsWith(segment, 'JFIF\0')
        : marker === APP2
          ? startsWith(segment, 'ICC_PROFILE\0')
          : marker === APP14
            ? startsWith(segment, 'Adobe')
            : !(marker >= APP0 && marker <= 0xef) && marker !== COM;
    if (keep && marker === APP0) {
      // Only the first JFIF header, before anything else, and without its thumbnail.
      if (body.length === 0 && head.length === 1) {
        const jfif = jfifWithoutThumbnail(segment);
        if (jfif) head.push(jfif);
      }
    } else if (keep) body.push(segment);

    if (marker === SOS) {
      sawScan = true;
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      const start = pos;
      while (pos < input.length) {
        if (input[pos] === 0xff && pos + 1 < input.length) {
          const next = input[pos + 1];
          if (next === 0x00 || isRst(next)) {
            pos += 2;
            continue;
          }
          break; // a marker (possibly after fill bytes): the segment loop takes over
        }
        pos++;
      }
      body.push(input.subarray(start, pos));
    }
  }
  if (!sawScan) throw new InvalidJpegError('no image data');
  if (orientation !== null && orientation !== 1) head.push(orientationSegment(orientation));
  return Buffer.concat([...head, ...withoutFreeText(body)]);
}

const ICC_HEADER = 4 + 'ICC_PROFILE\0'.length + 2; // marker and length, name, sequence number and count
const ADOBE_PAYLOAD = 'Adobe'.length + 7; // version, flags0, flags1, colour transform

/**
 * The colour segments kept for decoding, without any text they may carry: the ICC profile (split over
 * APP2 segments) with the text of its text tags (description, copyright, device maker and model, which a
 * camera, an editor or a person may fill in) overwritten with zeros and its profile ID cleared (it no longer
 * matches); the colour data is untouched. Adobe's APP14 cut to its fixed 12 bytes. Other segments as they are.
 */
function withoutFreeText(segments: Buffer[]): Buffer[] {
  const marker = (seg: Buffer) => (seg.length >= 4 && seg[0] === 0xff ? seg[1] : -1);
  const icc = segments.filter((seg) => marker(seg) === APP2 && startsWith(seg, 'ICC_PROFILE\0'));
  const out = segments.map((seg) => {
    if (marker(seg) !== APP14 || seg.length <= 4 + ADOBE_PAYLOAD) return seg;
    const cut = Buffer.from(seg.subarray(0, 4 + ADOBE_PAYLOAD));
    cut.writeUInt16BE(2 + ADOBE_PAYLOAD, 2);
    return cut;
  });
  if (icc.length === 0) return out;
  // Segments in their sequence order hold the profile's bytes one after another.
  const ordered = [...icc].sort((a, b) => a[ICC_HEADER - 2] - b[ICC_HEADER - 2]);
  const profile = Buffer.concat(ordered.map((seg) => seg.subarray(ICC_HEADER)));
  blankIccText(profile);
  const copies = new Map<Buffer, Buffer>();
  let at = 0;
  for (const seg of ordered) {
    const copy = Buffer.from(seg);
    profile.copy(copy, ICC_HEADER, at, at + seg.length - ICC_HEADER);
    at += seg.length - ICC_HEADER;
    copies.set(seg, copy);
  }
  return out.map((seg) => copies.get(seg) ?? seg);
}

/** ICC tag types that hold text: 'desc' (v2 description), 'text', 'mluc' (v4 multi-language). */
function blankIccText(profile: Buffer): void {
  try {
    if (profile.length < 132) return;
    profile.fill(0, 84, 100); // the profile ID (an MD5 of the profile), 0 = not computed
    const count = profile.readUInt32BE(128);
    for (let n = 0; n < count && 132 + n * 12 + 12 <= profile.length; n++) {
      const offset = profile.readUInt32BE(132 + n * 12 + 4);
      const size = profile.readUInt32BE(132 + n * 12 + 8);
      if (offset + size > profile.length || size < 8) continue;
      const tag = profile.subarray(offset, offset + size);
      const type = tag.subarray(0, 4).toString('latin1');
      // 'text' is a NUL-terminated string; 'desc' an ASCII count and text, then Unicode and ScriptCode
      // parts: zeros read as empty strings
      if (type === 'text' || type === 'desc') tag.fill(0, 8);
      else if (type === 'mluc' && size >= 16) {
        const records = tag.readUInt32BE(8);
        const recordSize = tag.readUInt32BE(12);
        for (let r = 0; r < records && 16 + r * recordSize + 12 <= size; r++) {
          const length = tag.readUInt32BE(16 + r * recordSize + 4);
          const start = tag.readUInt32BE(16 + r * recordSize + 8);
          // UTF-16BE spaces: the text keeps its length and reads as blank
          for (let i = start; i + 1 < Math.min(start + length, size); i += 2) {
            tag[i] = 0;
            tag[i + 1] = 0x20;
          }
        }
      }
    }
  } catch {
    // a malformed profile is left as it is: decoders ignore what they cannot read
  }
}

/**
 * A JFIF APP0 segment (marker, length, 'JFIF\0', version, units, densities, thumbnail size, thumbnail
 * pixels) without its thumbnail: the 18-byte header with a 0×0 thumbnail, or null when it is too short.
 * A segment that already has none is returned as it came.
 */
function jfifWithoutThumbnail(segment: Buffer): Buffer | null {
  const HEADER = 2 + 2 + 14;
  if (segment.length < HEADER) return null;
  if (segment.length === HEADER && segment[16] === 0 && segment[17] === 0) return segment;
  const out = Buffer.from(segment.subarray(0, HEADER));
  out.writeUInt16BE(HEADER - 2, 2);
  out[16] = 0;
  out[17] = 0;
  return out;
}

/** The Orientation tag (0x0112) of IFD0 in a TIFF block, or null. Never throws on bad data. */
function exifOrientation(tiff: Buffer): number | null {
  try {
    const order = tiff.subarray(0, 2).toString('latin1');
    if (order !== 'II' && order !== 'MM') return null;
    const le = order === 'II';
    const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
    const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
    if (u16(2) !== 42) return null;
    const ifd = u32(4);
    const count = u16(ifd);
    for (let n = 0; n < count; n++) {
      const entry = ifd + 2 + n * 12;
      if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
        const value = u16(entry + 8);
        return value >= 1 && value <= 8 ? value : null;
      }
    }
  } catch {
    // a malformed EXIF block simply has no orientation
  }
  return null;
}

/** APP1 'Exif' with a big-endian TIFF holding one IFD0 entry: Orientation. */
function orientationSegment(orientation: number): Buffer {
  const b = Buffer.alloc(2 + 2 + 6 + 8 + 2 + 12 + 4);
  let o = 0;
  b.writeUInt16BE(0xffe1, o);
  o += 2;
  b.writeUInt16BE(b.length - 2, o);
  o += 2;
  b.write('Exif\0\0', o, 'latin1');
  o += 6;
  b.write('MM', o, 'latin1');
  o += 2;
  b.writeUInt16BE(42, o);
  o += 2;
  b.writeUInt32BE(8, o);
  o += 4;
  b.writeUInt16BE(1, o);
  o += 2;
  b.writeUInt16BE(0x0112, o);
  o += 2;
  b.writeUInt16BE(3, o);
  o += 2;
  b.writeUInt32BE(1, o);
  o += 4;
  b.writeUInt16BE(orientation, o);
  o += 4; // value, left-justified in the 4-byte field
  b.writeUInt32BE(0, o); // no next IFD
  return b;
}
