// Photos: decoding, turning upright, downscaling and re-encoding, with sharp (libvips). sharp decodes
// and encodes on libuv's thread pool, so the event loop keeps answering other requests while a
// 12-megapixel photo is being read.

import sharp from 'sharp';

// libvips keeps recent operations for re-use; every upload is a different image, so a cache would only
// hold memory.
sharp.cache(false);

/**
 * Images declaring more pixels than this are refused before they are decoded: a few kilobytes of PNG
 * can declare a gigapixel image (a decompression bomb). 100 MP is above any phone's JPEG (a 200 MP
 * phone mode saves 16,320 × 12,240 = 200 MP, but such files are far over the upload limit anyway).
 */
export const MAX_INPUT_MEGAPIXELS = 100;
const limitInputPixels = MAX_INPUT_MEGAPIXELS * 1_000_000;

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
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  });
}

/**
 * A PNG or WebP picture as the JPEG the picture slot stores: upright (its orientation is applied to
 * the pixels), flattened on white, sRGB, its size kept, quality 90, no metadata.
 */
export async function pictureAsJpeg(input: Buffer): Promise<Buffer> {
  return readImage(() =>
    sharp(input, { limitInputPixels })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
}

/** Reads only the header: refuses an image over MAX_INPUT_MEGAPIXELS or one sharp cannot identify. */
export async function assertReadableImage(input: Buffer): Promise<void> {
  await readImage(() => sharp(input, { limitInputPixels }).metadata());
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
