import { z } from 'zod';
import { codedIssue } from './error-codes';
import { apartmentSchema } from './apartments';
import { idField } from './ids';
import { projectSchema } from './projects';
import { LABEL_SCALE_LIMITS } from './plan/building-labels';

/** Upload rules (spec §5): plans by .svg, background images by .jpeg, .jpg or .png. */
export const PLAN_EXTENSIONS = ['.svg'] as const;
export const IMAGE_EXTENSIONS = ['.jpeg', '.jpg', '.png'] as const;
export const UPLOAD_EXTENSIONS = [...PLAN_EXTENSIONS, ...IMAGE_EXTENSIONS];

export function fileKindFor(name: string): 'svg' | 'image' | undefined {
  const lower = name.toLowerCase();
  if (PLAN_EXTENSIONS.some((e) => lower.endsWith(e))) return 'svg';
  if (IMAGE_EXTENSIONS.some((e) => lower.endsWith(e))) return 'image';
  return undefined;
}

/** The public URL of a stored file (spec §9). */
export function projectFileUrl(projectId: number, name: string): string {
  return `/projects/${projectId}/${encodeURIComponent(name)}`;
}

/**
 * A plan's name, as admins and buyers read it (ADR 025): at most this many characters. The file
 * name stays the plan's key (zones' data-link-to, apartments' file_name, file URLs).
 */
export const PLAN_TITLE_MAX = 80;

/** One line of text: no control, format or separator characters, runs of white space as one space, trimmed. */
export function normalisePlanTitle(text: string): string {
  return text
    .replace(/[\p{Cf}\p{Cs}]+/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
}

/** A plan's name from untrusted text (an uploaded plan's `<title>`): one line, at most PLAN_TITLE_MAX characters. */
export function cleanPlanTitle(text: string): string {
  const chars = Array.from(normalisePlanTitle(text));
  return chars.length > PLAN_TITLE_MAX ? chars.slice(0, PLAN_TITLE_MAX).join('').trimEnd() : chars.join('');
}

/** The name of a plan uploaded without a `<title>`: "Plan 1", "Plan 2"… by its position. */
export const defaultPlanTitle = (position: number) => `Plan ${position}`;

/** A plan's new name, as an admin types it. */
export const planTitleSchema = z
  .string()
  .transform(normalisePlanTitle)
  .pipe(
    z
      .string()
      // Refinements rather than .min(): their issues keep the code (ADR 019).
      .refine((v) => v.length > 0, codedIssue('planTitleEmpty'))
      .refine(
        (v) => Array.from(v).length <= PLAN_TITLE_MAX,
        codedIssue('planTitleLong', { n: PLAN_TITLE_MAX }),
      ),
  );

export const fileSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  /** A plan's name as people read it (ADR 025); "" for images. */
  title: z.string(),
  kind: z.enum(['svg', 'image', 'sunstudy']),
  created_at: z.string(),
  sort_index: z.number().int(),
  /** For a plan: the name of its background image, or "". */
  data: z.string(),
  /** Plan markup (sanitised); empty for images. */
  svg: z.string(),
  /** Comma-separated building number ids attached to the plan. */
  buildings: z.string(),
  /** Bumped on every save; send it back to detect a stale copy (409). */
  version: z.number().int(),
  size: z.number().int(),
  url: z.string(),
});
export type PlanFile = z.infer<typeof fileSchema>;

export const planReportSchema = z.object({
  unknown_zones: z.array(z.string()),
  apartments_without_zone: z.array(z.object({ id: z.number().int(), bostad: z.string() })),
  duplicate_ids: z.array(z.string()),
  broken_links: z.array(z.object({ zone: z.string(), target: z.string() })),
});
export type PlanReport = z.infer<typeof planReportSchema>;

export const svgSaveSchema = z.object({
  name: z.string().min(1).max(255),
  svg: z.string().min(1),
  /** The version the editor loaded; a stale one is refused with 409. */
  version: z.coerce.number().int().positive().optional(),
  buildings: z.string().max(2000).optional(),
  sort_index: z.coerce.number().int().min(0).optional(),
});

export const fileUpdateSchema = z.object({
  sort_index: z.coerce.number().int().min(0).max(100_000).optional(),
  /** A plan's new name (plans only). */
  title: planTitleSchema.optional(),
  data: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
});

export const setImageSchema = z.object({
  fileName: z.string().max(255),
  svgName: z.string().min(1).max(255),
});

export const attachBuildingsSchema = z.object({
  /** Comma-separated building number ids (or a list). */
  buildings: z.union([z.string().max(2000), z.array(idField).max(1000)]),
});

/** Position and size of a building label's box and text on a plan (spec §3, §9). */
export const labelSvgSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  textX: z.number(),
  textY: z.number(),
  /** The label's size as a multiple of the project's label size (resized in the editor); 1 when absent. */
  scale: z.number().min(LABEL_SCALE_LIMITS.min).max(LABEL_SCALE_LIMITS.max).optional(),
});
export type LabelSvg = z.infer<typeof labelSvgSchema>;

export const buildingNumberSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  label: z.string(),
  /** JSON of LabelSvg, or "" when the label was never placed. */
  label_svg: z.string(),
});
export type BuildingNumber = z.infer<typeof buildingNumberSchema>;

export const buildingNumberBodySchema = z.object({
  label: z.string().trim().min(1, { error: 'The label is required' }).max(50),
  label_svg: z
    .string()
    .max(2000)
    .optional()
    .refine(
      (v) => {
        if (!v) return true;
        try {
          return labelSvgSchema.safeParse(JSON.parse(v)).success;
        } catch {
          return false;
        }
      },
      {
        error:
          'label_svg must be JSON with x, y, width, height, textX and textY (and a scale from 0.25 to 4)',
      },
    ),
});

/** A plan without its markup: what lists and zone edits answer with (the markup is fetched once per version). */
export const planSummarySchema = fileSchema.omit({ svg: true });
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** Where the zone is in the plan the editor loaded (see ZoneLocator in plan/zones.ts). */
export const zoneLocatorSchema = z.object({
  path: z.array(z.number().int().min(0).max(10_000_000)).max(256),
  name: z.string().min(1).max(64),
  id: z.string().max(255).nullable(),
});

/** One zone edit of the popup (spec §4): attach an apartment, link to a plan (a building), detach, unlink. */
export const zoneEditSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('attach'), apartment_id: idField }),
  z.object({
    kind: z.literal('link'),
    target: z.string().min(1).max(255),
    building_number_id: idField.nullable().default(null),
  }),
  z.object({ kind: z.literal('detach') }),
  z.object({ kind: z.literal('unlink') }),
]);
export type ZoneEdit = z.infer<typeof zoneEditSchema>;

export const zoneEditBodySchema = z.object({
  /** The version the editor loaded; a stale one is refused with 409 and nothing changes. */
  version: idField,
  zone: zoneLocatorSchema,
  edit: zoneEditSchema,
});
export type ZoneEditBody = z.infer<typeof zoneEditBodySchema>;

/**
 * What a zone edit changed: the plan's new version (without markup), the zone's attributes
 * as stored now, and the apartments whose file_name moved (spec §4).
 */
export const zoneEditResultSchema = z.object({
  file: planSummarySchema,
  zone: zoneLocatorSchema.extend({ attributes: z.record(z.string(), z.string().nullable()) }),
  apartments: z.array(apartmentSchema),
});
export type ZoneEditResult = z.infer<typeof zoneEditResultSchema>;

/** Answers of the file and building-number routes: the routes declare them, the web app reads them. */
export const fileResponseSchema = z.object({ file: fileSchema });
/** Writes that leave the markup as it was answer without it. */
export const planSummaryResponseSchema = z.object({ file: planSummarySchema });
export const plansResponseSchema = z.object({ plans: z.array(planSummarySchema) });
export const filesResponseSchema = z.object({ files: z.array(fileSchema) });
/**
 * GET /{role}/project/{id}: the project with its files (spec: "Project … files"), plans and
 * background images without their markup, which the plan routes serve.
 */
export const projectWithFilesResponseSchema = z.object({
  project: projectSchema.extend({ files: z.array(planSummarySchema) }),
});
export const imagesResponseSchema = z.object({ imgs: z.array(fileSchema) });
/** An upload: the file, and for a plan the check report. */
export const uploadResponseSchema = z.object({ file: fileSchema, report: planReportSchema.optional() });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
/** A plan save: the plan (without its markup with ?markup=0), the report, the apartments whose file_name moved. */
export const planSaveResponseSchema = z.object({
  file: z.union([fileSchema, planSummarySchema]),
  report: planReportSchema,
  apartments: z.array(apartmentSchema),
});
export type PlanSaveResponse = z.infer<typeof planSaveResponseSchema>;
export const buildingNumberResponseSchema = z.object({ building_number: buildingNumberSchema });
export const buildingNumbersResponseSchema = z.object({ building_numbers: z.array(buildingNumberSchema) });
