/** SPEC §7 users: the signed-in person's own record (GET and PATCH /users/me) and their organizations. */
import { LANGUAGES } from '@stickerbook/model';
import { z } from 'zod';
import { organizationSchema, type organizationInputSchema, type userSchema } from './shared.ts';

/** SPEC §2 cookie consent: necessary is always on; `revision` lets a new consent text ask again. */
const cookieConsentSchema = z.strictObject({
  revision: z.number().int().min(1),
  necessary: z.literal(true),
  analytics: z.boolean(),
  decidedAt: z.string().max(40).optional(),
});

/** PATCH /users/me. */
export const updateMeSchema = z.strictObject({
  nickname: z.string().trim().min(1).max(50).nullable().optional(),
  picture: z.url().max(2000).nullable().optional(),
  locale: z.enum(LANGUAGES).nullable().optional(),
  cookieConsent: cookieConsentSchema.nullable().optional(),
});

/** GET /organizations: the organizations the user has named on earlier albums. */
export const organizationListSchema = z.object({ organizations: z.array(organizationSchema) });

export type UserView = z.infer<typeof userSchema>;
export type OrganizationView = z.infer<typeof organizationSchema>;
/** An organization as a new album names it (POST /albums); the server gives it its id. */
export type OrganizationInput = z.input<typeof organizationInputSchema>;
export type UpdateMeBody = z.input<typeof updateMeSchema>;
export type OrganizationListView = z.infer<typeof organizationListSchema>;
