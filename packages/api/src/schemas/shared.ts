import { z } from 'zod';

/** Schemas shared by several resources: the error envelope, organizations, the user and a signed-in session. */

/** Every error answer of the API: a stable code the web maps to translated text, a message for developers. */
export const errorEnvelopeSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

export const ORGANIZATION_SIZES = ['1-150', '151-200', '201-1000', '1000+'] as const;
export const CONTACT_ROLES = ['member', 'lead', 'senior', 'executive'] as const;

export const organizationInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  size: z.enum(ORGANIZATION_SIZES),
  contactName: z.string().trim().min(1).max(200),
  phone: z.string().trim().min(1).max(40),
  contactRole: z.enum(CONTACT_ROLES),
});

export const organizationSchema = organizationInputSchema.extend({ id: z.string() });

export const userSchema = z.object({
  sub: z.string(),
  email: z.string(),
  nickname: z.string().nullable(),
  picture: z.string().nullable(),
  created_at: z.string(),
  roles: z.array(z.string()),
  locale: z.string().nullable(),
  cookieConsent: z.unknown(),
  organizations: z.array(organizationSchema),
  activated: z.boolean(),
});

/** The refresh token is not in the body: it comes in an HttpOnly cookie (server/src/auth/refresh-cookie.ts). */
export const userSessionSchema = z.object({
  access_token: z.string(),
  user: userSchema,
});

/** Error responses for the OpenAPI document; the body is always the envelope above. */
export const errorResponses = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
