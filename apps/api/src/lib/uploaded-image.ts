import { serverMessage } from '@planvy/shared';
import sharp, { type Sharp } from 'sharp';
import { invalid } from './http-error';

/**
 * The most pixels an uploaded image (a plan background, a sun-study image, an image inside a
 * plan) may have. Its bytes say little: a 59-megapixel PNG of one colour is 15 KB, and
 * decoding it takes 177 MB here and as much again in every browser that shows it. 40 MP
 * holds an 8K render (33 MP) and a 40-megapixel camera's photo.
 */
export const MAX_PIXELS = 40_000_000;
export const TOO_MANY_PIXELS = serverMessage('imagePixels', { n: MAX_PIXELS / 1_000_000 });
export const DAMAGED_IMAGE = serverMessage('imageDamaged');

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface ImageSize {
  /** Upright: an EXIF orientation that turns the picture swaps them. */
  width: number;
  height: number;
  isPalette: boolean;
}

/**
 * The image's size read from its header, without decoding it; a 422 on `field` when the
 * header cannot be read or the image has more than MAX_PIXELS.
 */
export async function readImageSize(bytes: Buffer, field = 'file'): Promise<ImageSize> {
  let size: ImageSize;
  try {
    // No pixel limit here: the header alone is read, and the answer is ours to give.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    size = { width: meta.autoOrient.width, height: meta.autoOrient.height, isPalette: meta.isPalette };
  } catch {
    throw invalid(field, DAMAGED_IMAGE);
  }
  if (size.width * size.height > MAX_PIXELS) throw invalid(field, TOO_MANY_PIXELS);
  return size;
}

/** An image to decode (once; clone it for several outputs), turned upright; never more than MAX_PIXELS. */
export function openImage(bytes: Buffer): Sharp {
  return sharp(bytes, { limitInputPixels: MAX_PIXELS }).autoOrient();
}

/** Encodes in `type`. sharp copies no metadata (EXIF, GPS, XMP, IPTC, comments) unless asked. */
export function encodeImage(image: Sharp, type: ImageType, quality: number, palette = false): Sharp {
  if (type === 'image/webp') return image.webp({ quality });
  if (type === 'image/jpeg') return image.jpeg({ quality, mozjpeg: true });
  return image.png({ compressionLevel: 8, palette });
}

/** The quality of a stored original: a re-encoded photo must not look re-encoded. */
export const ORIGINAL_QUALITY = 92;

/**
 * What an uploaded image is stored and served as: an upright copy in its own format without
 * its metadata, so a phone photo's camera, time and GPS position do not travel with it. A 422
 * on `field` for an image that is damaged or over MAX_PIXELS.
 */
export async function uprightCopy(
  bytes: Buffer,
  type: ImageType,
  field = 'file',
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const size = await readImageSize(bytes, field);
  try {
    const copy = await encodeImage(openImage(bytes), type, ORIGINAL_QUALITY, size.isPalette).toBuffer();
    return { bytes: copy, width: size.width, height: size.height };
  } catch {
    throw invalid(field, DAMAGED_IMAGE);
  }
}

/** Raster images inlined in sanitised plan markup (the sanitiser writes `href="data:image/…;base64,…"`). */
const INLINE_IMAGE = /href="data:image\/[a-z]+;base64,([a-z0-9+/=]*)"/gi;

/**
 * A 422 on `field` when an image inside the plan has more than MAX_PIXELS (read from its
 * header). One whose header cannot be read is left alone: no browser can show it either.
 */
export async function checkInlineImages(svg: string, field: string): Promise<void> {
  for (const match of svg.matchAll(INLINE_IMAGE)) {
    let pixels: number;
    try {
      const meta = await sharp(Buffer.from(match[1]!, 'base64'), { limitInputPixels: false }).metadata();
      pixels = (meta.width ?? 0) * (meta.height ?? 0);
    } catch {
      continue;
    }
    if (pixels > MAX_PIXELS) throw invalid(field, TOO_MANY_PIXELS);
  }
}
