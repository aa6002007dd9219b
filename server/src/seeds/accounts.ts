import { randomBytes } from 'node:crypto';
import { copyBlueprintDocument } from '../albums/copy-blueprint-document.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/database.ts';
import { insertAlbum } from '../album-store/albums.ts';
import { listBlueprints } from '../blueprints/repository.ts';
import { findUserByEmail, insertUser, updateUser } from '../users/repository.ts';

export const DEMO_EMAIL = 'demo@stickerbook.local';
export const DEMO_PASSWORD = 'stickerbook-demo';

/**
 * The admin account exists after every start. Without ADMIN_PASSWORD a password is generated on the first
 * start and returned once so main.ts can print it; later starts leave the account as it is.
 */
export async function seedAdmin(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<{ generatedPassword?: string }> {
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.roles.includes('admin'))
      await updateUser(db, existing.id, { roles: [...existing.roles, 'admin'] });
    return {};
  }
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  await insertUser(db, {
    email,
    passwordHash: await hashPassword(password ?? generatedPassword!),
    nickname: 'Admin',
    roles: ['admin'],
    activatedAt: new Date(),
  });
  return { generatedPassword };
}

/** A demo account with one album, so a fresh development install has something to open. Never in production. */
export async function seedDemoUser(db: Db): Promise<void> {
  if (await findUserByEmail(db, DEMO_EMAIL)) return;
  const user = await insertUser(db, {
    email: DEMO_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    nickname: 'Demo',
    activatedAt: new Date(),
  });
  const [blueprint] = await listBlueprints(db);
  if (!blueprint) return;
  await insertAlbum(db, {
    ownerIdentifier: user.id,
    title: `${blueprint.title} (Demo)`,
    language: 'en',
    category: blueprint.category,
    blueprintAlbumId: blueprint.id,
    blueprintCategory: blueprint.category,
    blueprintTitle: blueprint.title,
    workspace: copyBlueprintDocument(blueprint.workspace),
  });
}
