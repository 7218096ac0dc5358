import { fileTypeFromBuffer } from 'file-type';
import { SUN_STUDY_TYPES, sunStudyExtension, serverMessage } from '@planvy/shared';
import { invalid } from '../../lib/http-error';
import {
  DAMAGED_IMAGE,
  encodeImage,
  openImage,
  ORIGINAL_QUALITY,
  readImageSize,
  type ImageType,
} from '../../lib/uploaded-image';

/**
 * Widths of the resized copies: phones (320 for lists and small screens, 768 for a phone
 * at 2× density), laptops and large screens. Never wider than the upload itself.
 */
export const VARIANT_WIDTHS = [320, 768, 1280, 1920] as const;

const NAMES: Record<string, string> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'video/mp4': 'MP4 video',
  'video/webm': 'WebM video',
};

export interface Variant {
  width: number;
  height: number;
  contentType: ImageType;
  bytes: Buffer;
}

export interface Media {
  contentType: string;
  /** What is stored and served as the original: for images, an upright copy without metadata. */
  bytes: Buffer;
  kind: 'image' | 'video';
  width: number | null;
  height: number | null;
  variants: Variant[];
}

export const ACCEPTED_MESSAGE = `Only ${Object.keys(SUN_STUDY_TYPES)
  .join(', ')
  .replace(/, ([^,]*)$/, ' and $1')} files can be added to a sun study`;

/**
 * Checks that the bytes are what the name says (magic bytes, then the image's header for
 * its size, then a full decode) and makes the resized copies. Anything else is a 422
 * naming the file field.
 */
export async function readMedia(name: string, bytes: Buffer): Promise<Media> {
  const ext = sunStudyExtension(name);
  if (!ext) throw invalid('file', ACCEPTED_MESSAGE);
  if (bytes.length === 0) throw invalid('file', serverMessage('fileEmpty'));
  const claimed = SUN_STUDY_TYPES[ext];
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime !== claimed) {
    const what = NAMES[claimed] ?? claimed;
    const actual = detected && NAMES[detected.mime];
    throw invalid(
      'file',
      actual
        ? `The file is a ${actual} but its name ends in ${ext}`
        : `The file's content is not a ${what}${detected ? ` (it is ${detected.ext.toUpperCase()})` : ''}`,
    );
  }
  if (claimed.startsWith('video/')) {
    return { contentType: claimed, bytes, kind: 'video', width: null, height: null, variants: [] };
  }
  return { contentType: claimed, kind: 'image', ...(await resize(bytes, claimed as ImageType)) };
}

async function resize(bytes: Buffer, contentType: ImageType) {
  const { width, height } = await readImageSize(bytes);
  const widths = [...new Set([...VARIANT_WIDTHS.filter((w) => w < width), Math.min(width, 1920)])];
  const formats: ImageType[] = contentType === 'image/webp' ? ['image/webp'] : ['image/webp', contentType];
  // One decode; each copy is resized from it.
  const source = openImage(bytes);
  try {
    // The original is served too (its filePath): the photographer's camera, time and
    // GPS position must not travel with it, so it is stored as an upright copy without them.
    const [original, variants] = await Promise.all([
      encodeImage(source.clone(), contentType, ORIGINAL_QUALITY).toBuffer(),
      Promise.all(
        widths.flatMap((w) =>
          formats.map(async (type): Promise<Variant> => {
            const resized = source.clone().resize({ width: w, withoutEnlargement: true });
            const { data, info } = await encodeImage(resized, type, type === 'image/webp' ? 80 : 82).toBuffer(
              {
                resolveWithObject: true,
              },
            );
            return { width: info.width, height: info.height, contentType: type, bytes: data };
          }),
        ),
      ),
    ]);
    return { bytes: original, width, height, variants };
  } catch {
    throw invalid('file', DAMAGED_IMAGE);
  }
}
