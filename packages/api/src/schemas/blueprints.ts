/** SPEC §7 blueprints: the templates a new album starts from, named in the request's language. */
import { z } from 'zod';

const blueprintFontsSchema = z.object({
  title: z.string(),
  sub_title: z.string(),
  paragraph: z.string(),
});

const blueprintSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  blueprint_category: z.string(),
  cover_preview_url: z.string().nullable(),
  colors: z.array(z.string()),
  fonts: blueprintFontsSchema,
});

/** GET /blueprints/{id}: a blueprint with its document. */
export const blueprintSchema = blueprintSummarySchema.extend({
  // The AlbumDocument of packages/model; documented as an object, validated by the model's own schema on write.
  workspace: z.record(z.string(), z.unknown()),
  images: z.array(z.unknown()),
});

/** GET /blueprints: the list, with documents only when `attributes=FULL` asks for them. */
export const blueprintListSchema = z.object({
  blueprints: z.array(blueprintSchema.partial({ workspace: true, images: true })),
});

export type BlueprintView = z.infer<typeof blueprintListSchema>['blueprints'][number];
export type FullBlueprintView = z.infer<typeof blueprintSchema>;
export type BlueprintListView = z.infer<typeof blueprintListSchema>;
