import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { organizations } from '../db/schema.ts';

type OrganizationRow = typeof organizations.$inferSelect;

/** SPEC §3 Organization, as the wizard's data step collects it. */
export interface Organization {
  id: string;
  name: string;
  size: OrganizationRow['size'];
  contactName: string;
  phone: string;
  contactRole: OrganizationRow['contactRole'];
}

export type NewOrganization = Omit<Organization, 'id'>;

const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  size: row.size,
  contactName: row.contactName,
  phone: row.phone,
  contactRole: row.contactRole,
});

export async function listOrganizations(db: Db, ownerIdentifier: string): Promise<Organization[]> {
  const rows = await db
    .select()
    .from(organizations)
    .where(eq(organizations.ownerIdentifier, ownerIdentifier))
    .orderBy(asc(organizations.createdAt));
  return rows.map(toOrganization);
}

export async function findOrganization(db: Db, id: string): Promise<Organization | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row && toOrganization(row);
}

export async function insertOrganization(
  db: Db,
  ownerIdentifier: string,
  values: NewOrganization,
): Promise<Organization> {
  const [row] = await db
    .insert(organizations)
    .values({ ownerIdentifier, ...values })
    .returning();
  return toOrganization(row);
}
