import { z } from 'zod';
import { idField } from './ids';
import { PROJECT_TYPES, projectSettingsSchema } from './projects';
import { publicReleaseSchema } from './release-wishes';

/**
 * What the public widget receives for a project: enough to draw it and nothing
 * more (no owner, no users, no internal fields, no prices of inactive apartments).
 */
export const publicApartmentSchema = z.object({
  id: z.number().int(),
  bostad: z.string(),
  rooms: z.string(),
  floor: z.string(),
  square: z.number().nullable(),
  price: z.number().nullable(),
  fee: z.number().nullable(),
  garden_size: z.number().nullable(),
  status: z.string(),
  inactive: z.boolean(),
  link: z.string(),
  description: z.string(),
  info: z.array(z.object({ url: z.string() })),
  /** Names of the plans the apartment is drawn on. */
  plans: z.array(z.string()),
  building: z.string().nullable(),
  /**
   * The price before the latest price change, when that change lowered it and the project
   * shows lowered prices (show_price_drop); otherwise absent or null.
   */
  price_before: z.number().nullable().optional(),
});
export type PublicApartment = z.infer<typeof publicApartmentSchema>;

export const publicPlanSchema = z.object({
  id: z.number().int(),
  /** The file name: the plan's key (zones' data-link-to, apartments' plans), never shown to buyers. */
  name: z.string(),
  /** The plan's name as buyers read it (ADR 025). */
  title: z.string(),
  url: z.string(),
  version: z.number().int(),
  background_url: z.string().nullable(),
  buildings: z.array(z.object({ id: z.number().int(), label: z.string(), label_svg: z.string() })),
});
export type PublicPlan = z.infer<typeof publicPlanSchema>;

/**
 * One step of the sun study (only when show_sun_study is on). Images come with resized
 * copies, narrowest first, in WebP and in the original format, for srcset.
 */
export const publicSunStudySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.enum(['image', 'video']),
  /** The file as uploaded. */
  url: z.string(),
  type: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sources: z.array(z.object({ url: z.string(), width: z.number().int(), type: z.string() })),
});
export type PublicSunStudy = z.infer<typeof publicSunStudySchema>;

export const publicViewSchema = z.object({
  project: z.object({ id: z.number().int(), name: z.string(), type: z.enum(PROJECT_TYPES) }),
  settings: projectSettingsSchema,
  styles: z.array(z.tuple([z.string(), z.string(), z.string()])),
  plans: z.array(publicPlanSchema),
  apartments: z.array(publicApartmentSchema),
  /** The project's building numbers: what a building zone (data-building-number) is called, "Hus {label}". */
  buildings: z.array(z.object({ id: z.number().int(), label: z.string() })),
  /** In order; empty unless show_sun_study is on. */
  sun_study: z.array(publicSunStudySchema),
  /**
   * The release taking ranked wishes now (wishes_open and not paused; the one closing first),
   * absent otherwise (ADR 041). Its demand only when the release shows it: counts, never who.
   */
  release: publicReleaseSchema.optional(),
});
export type PublicView = z.infer<typeof publicViewSchema>;

export const clickBodySchema = z.object({ apartment_id: idField });
