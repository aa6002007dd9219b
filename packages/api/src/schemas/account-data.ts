/**
 * GDPR export and deletion of an account (issue 24, SPEC §7): the user's own under /users/me, the back office's
 * under /admin/users. Invoices outlive a deleted account for the legal retention period.
 */
import { z } from 'zod';
import { userSchema } from './shared.ts';

/** The account's latest data export; a new one runs as a job and is polled until it is finished. */
export const dataExportSchema = z.object({
  state: z.enum(['none', 'working', 'finished', 'error']),
  progress: z.number().int(),
  /** A signed link to the zip, handed only to the account (or an admin) through this authorised route. */
  blob_url: z.string().nullable(),
  byte_size: z.number().int().nullable(),
  created_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

/** GET /users/me/deletion: how the deletion is confirmed, and the shared albums that need a decision first. */
export const deletionPlanSchema = z.object({
  confirm_with: z.enum(['password', 'email']),
  shared_albums: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      members: z.array(z.object({ id: z.string(), email: z.string(), nickname: z.string().nullable() })),
    }),
  ),
});

/** What becomes of each shared album: deleted with the account, or handed over to one of its members. */
const sharedAlbumDecisions = z
  .array(
    z.discriminatedUnion('action', [
      z.strictObject({ album_id: z.string().max(64), action: z.literal('delete') }),
      z.strictObject({
        album_id: z.string().max(64),
        action: z.literal('hand_over'),
        new_owner_id: z.uuid(),
      }),
    ]),
  )
  .max(1_000)
  .default([]);

/**
 * DELETE /users/me: a built-in account confirms with its password; an account from an outside login provider
 * has none here and types its e-mail address instead.
 */
export const deleteAccountSchema = z.strictObject({
  password: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  shared_albums: sharedAlbumDecisions,
});

/** DELETE /admin/users/{id}: the admin confirms the step itself; the shared albums' decisions as above. */
export const deleteUserSchema = z.strictObject({ shared_albums: sharedAlbumDecisions }).nullish();

/** GET /admin/users?email. */
export const adminUserQuerySchema = z.strictObject({ email: z.string().trim().min(1).max(320) });

/** GET /admin/users?email and /admin/users/{id}: the person, what deleting them means and their latest export. */
export const adminUserSchema = z.object({
  user: userSchema,
  deletion: deletionPlanSchema,
  data_export: dataExportSchema,
});

export type DataExportView = z.infer<typeof dataExportSchema>;
export type DeletionPlanView = z.infer<typeof deletionPlanSchema>;
export type DeleteAccountBody = z.input<typeof deleteAccountSchema>;
export type DeleteUserBody = z.input<typeof deleteUserSchema>;
export type AdminUserView = z.infer<typeof adminUserSchema>;
