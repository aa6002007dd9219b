import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { listOrganizations, type Organization } from './organizations.ts';

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it (docs/api-contract.md `GET /users/me`). */
export interface UserView {
  sub: string;
  email: string;
  nickname: string | null;
  picture: string | null;
  created_at: string;
  roles: string[];
  locale: string | null;
  cookieConsent: unknown;
  organizations: Organization[];
  activated: boolean;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByOidcSubject(db: Db, subject: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.oidcSubject, subject));
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .returning();
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  // Drizzle refuses an UPDATE without columns; an empty PATCH is simply a read.
  if (Object.values(values).every((value) => value === undefined)) return (await findUserById(db, id))!;
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function toUserView(db: Db, row: UserRow): Promise<UserView> {
  return {
    sub: row.id,
    email: row.email,
    nickname: row.nickname,
    picture: row.picture,
    created_at: row.createdAt.toISOString(),
    roles: row.roles,
    locale: row.locale,
    cookieConsent: row.cookieConsent ?? null,
    organizations: await listOrganizations(db, row.id),
    activated: row.activatedAt !== null,
  };
}
