/** SPEC §3 template documents: the sticker frame designs the renderer draws every sticker with. */
import { stickerTemplateSchema } from '@stickerbook/model';
import { z } from 'zod';

/** GET /sticker_templates: every design, as the model's own schema describes it. */
export const stickerTemplateListSchema = z.object({ sticker_templates: z.array(stickerTemplateSchema) });

export type StickerTemplateListView = z.infer<typeof stickerTemplateListSchema>;
