// Photos: decoding, turning upright, downscaling and re-encoding, with sharp (libvips). sharp decodes
// and encodes on libuv's thread pool, so the event loop keeps answering other requests while a
// 12-megapixel photo is being read.

import sharp from 'sharp';
import { COLOR } from '../../shared/design-tokens.js';

// libvips keeps recent operations for re-use; every upload is a different image, so a cache would only
// hold memory.
sharp.cache(false);

/**
 * Images declaring more pixels than this are refused before they are decoded: a few kilobytes of PNG
 * can declare a gigapixel image (a decompression bomb; 97 KB of PNG declared 10,000 × 10,000). 70 MP
 * takes every phone's photo at its full resolution up to the 64 MP sensors (9,248 × 6,936); the 108 and
 * 200 MP modes are refused with a message asking for a smaller copy (the phone's normal mode saves 12 MP,
 * and the portal's own client sends at most 2,000 px).
 */
export const MAX_INPUT_MEGAPIXELS = 70;
const limitInputPixels = MAX_INPUT_MEGAPIXELS * 1_000_000;

/** The stored picture's longer side at most (the client sends 2,000 px too): a passport photo's detail. */
export const PICTURE_MAX_PX = 2000;
/**
 * Pictures stored before PICTURE_MAX_PX (up to 100 MP were taken then) are still read for the form,
 * shrunk while decoding (JPEG shrink-on-load), so the limit there is the one they were accepted under.
 */
const STORED_PICTURE_LIMIT_PIXELS = 100_000_000;

/**
 * The page a photo is printed on: US Letter (what the school prints on; the registration form is Legal,
 * the other US size), half-inch margins, and 200 dpi, a little above fax and scanner "document"
 * quality, so a birth certificate's small print stays readable.
 */
export const PHOTO_PAGE = { widthPt: 612, heightPt: 792, marginPt: 36, dpi: 200 } as const;
const BOX_LONG_PX = Math.round(((PHOTO_PAGE.heightPt - 2 * PHOTO_PAGE.marginPt) / 72) * PHOTO_PAGE.dpi); // 2000
const BOX_SHORT_PX = Math.round(((PHOTO_PAGE.widthPt - 2 * PHOTO_PAGE.marginPt) / 72) * PHOTO_PAGE.dpi); // 1500

export class ImageTooLargeError extends Error {}
export class UnreadableImageError extends Error {}

/** A photo made ready for a PDF page: an upright baseline JPEG and its size in pixels. */
export interface PageImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * A photo (JPEG, PNG or WebP) as a page image: turned upright by its EXIF orientation, flattened on
 * white (a PNG's transparency would print black in some viewers), in sRGB, shrunk to fit the page's
 * printable area at PHOTO_PAGE.dpi (never enlarged), JPEG quality 85. Nothing of the original's
 * metadata (EXIF, GPS, XMP, ICC) is written: sharp writes none unless asked.
 */
export async function photoAsPage(input: Buffer): Promise<PageImage> {
  return readImage(async () => {
    const meta = await sharp(input, { limitInputPixels }).metadata();
    const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
    const landscape = (upright.width ?? 0) > (upright.height ?? 0);
    const { data, info } = await sharp(input, { limitInputPixels })
      .autoOrient()
      .resize({
        width: landscape ? BOX_LONG_PX : BOX_SHORT_PX,
        height: landscape ? BOX_SHORT_PX : BOX_LONG_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: COLOR.white })
      .toColourspace('srgb')
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  });
}

/**
 * A picture as the JPEG the picture slot stores: upright (its orientation is applied to the pixels),
 * flattened on white, sRGB, shrunk to PICTURE_MAX_PX on its longer side (never enlarged), quality 90,
 * no metadata.
 */
export async function pictureAsJpeg(input: Buffer): Promise<Buffer> {
  return readImage(() => shrunkJpeg(input, limitInputPixels));
}

function shrunkJpeg(input: Buffer, limit: number): Promise<Buffer> {
  return sharp(input, { limitInputPixels: limit })
    .autoOrient()
    .resize({ width: PICTURE_MAX_PX, height: PICTURE_MAX_PX, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: COLOR.white })
    .toColourspace('srgb')
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Reads only the header: refuses an image over MAX_INPUT_MEGAPIXELS or one sharp cannot identify.
 * Answers whether its longer side is over PICTURE_MAX_PX.
 */
export async function isOversizedPicture(input: Buffer): Promise<boolean> {
  const meta = await readImage(() => sharp(input, { limitInputPixels }).metadata());
  return Math.max(meta.width ?? 0, meta.height ?? 0) > PICTURE_MAX_PX;
}

/**
 * The stored picture as the registration form embeds it: as stored when it is within PICTURE_MAX_PX,
 * otherwise (stored before that limit) shrunk to it first, so that Chromium never lays out a
 * 100-megapixel image (20 s, and every other form waiting meanwhile). Null when it cannot be read: the
 * form is printed with the box for a photograph instead.
 */
export async function pictureForPrint(stored: Buffer): Promise<Buffer | null> {
  try {
    const meta = await readImage(() => sharp(stored, { limitInputPixels: STORED_PICTURE_LIMIT_PIXELS }).metadata());
    if (Math.max(meta.width ?? 0, meta.height ?? 0) <= PICTURE_MAX_PX) return stored;
    return await readImage(() => shrunkJpeg(stored, STORED_PICTURE_LIMIT_PIXELS));
  } catch {
    return null;
  }
}

/**
 * At most two images are being read at once in the process (an upload's photos go one after another,
 * others wait their turn): a 12 MP photo decodes to about 36 MB, and the machine is shared.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const queue: Array<() => void> = [];

async function readImage<T>(work: () => Promise<T>): Promise<T> {
  // A finished image hands its slot straight to the next in line, so the count never overshoots.
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => queue.push(resolve));
  else running++;
  try {
    return await work();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/pixel limit/i.test(message)) throw new ImageTooLargeError(message);
    throw new UnreadableImageError(message);
  } finally {
    const next = queue.shift();
    if (next) next();
    else running--;
  }
}
