import { z } from 'zod';
import { idField } from './ids';

/**
 * Sun-study uploads (spec §3, §7): images and short videos, recognised by extension and
 * then by content (the server sniffs the bytes; the extension alone never decides).
 */
export const SUN_STUDY_TYPES = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
} as const;
export type SunStudyExtension = keyof typeof SUN_STUDY_TYPES;
export const SUN_STUDY_EXTENSIONS = Object.keys(SUN_STUDY_TYPES) as SunStudyExtension[];

export function sunStudyExtension(name: string): SunStudyExtension | undefined {
  const dot = name.lastIndexOf('.');
  const ext = dot < 0 ? '' : name.slice(dot).toLowerCase();
  return (SUN_STUDY_EXTENSIONS as string[]).includes(ext) ? (ext as SunStudyExtension) : undefined;
}

/** 'image' or 'video' by the file name, or undefined when the name is not accepted. */
export function sunStudyKindFor(name: string): SunStudyKind | undefined {
  const ext = sunStudyExtension(name);
  return ext ? (SUN_STUDY_TYPES[ext].startsWith('video/') ? 'video' : 'image') : undefined;
}

export const SUN_STUDY_KINDS = ['image', 'video'] as const;
export type SunStudyKind = (typeof SUN_STUDY_KINDS)[number];
export const SUN_STUDY_LABEL_MAX = 100;

const sortIndex = z.coerce.number().int().min(0).max(100_000);
const label = z
  .string()
  .trim()
  .max(SUN_STUDY_LABEL_MAX, { error: `The label can be at most ${SUN_STUDY_LABEL_MAX} characters` });

/** A sun-study entry as the back-office sees it (v2 GET /sunstudy/project/{id}). */
export const sunStudyFileSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  label: z.string(),
  /** The public URL of the file as uploaded. */
  filePath: z.string(),
  fileName: z.string(),
  /** Always the entry's position in the list (spec §9). */
  sortIndex: z.number().int(),
  kind: z.enum(SUN_STUDY_KINDS),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A small copy for lists (the narrowest WebP); null for videos. */
  thumbnailPath: z.string().nullable(),
});
export type SunStudyFile = z.infer<typeof sunStudyFileSchema>;

/** What POST /admin/sunstudy/{projectId} answers: the stored upload, to be added with POST /sunstudy/file. */
export const sunStudyUploadSchema = z.object({
  file: z.object({ fileName: z.string(), filePath: z.string() }),
});
export type SunStudyUpload = z.infer<typeof sunStudyUploadSchema>['file'];

export const sunStudyCreateSchema = z.object({
  projectId: idField,
  label: label.default(''),
  filePath: z.string().min(1).max(1000),
  fileName: z.string().min(1).max(255),
  /** Where the entry goes; at the end when absent or past the end. */
  sortIndex: sortIndex.optional(),
});

export const sunStudyUpdateSchema = z.object({
  label: label.optional(),
  /** The position to move the entry to; the others close up around it. */
  sortIndex: sortIndex.optional(),
});

/** Every write answers with the project's whole list, so the positions it changed are in hand. */
export const sunStudyListSchema = z.object({ files: z.array(sunStudyFileSchema) });
export const sunStudyWriteSchema = sunStudyListSchema.extend({ file: sunStudyFileSchema });
