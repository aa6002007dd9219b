/**
 * Affiliate partners and their conversions (SPEC §3 Affiliate, §7 GET /public/affiliate_conversions). An album
 * conversion is a row of `affiliate_albums`; an order conversion is an order of such an album, counted at read
 * time, so placing an order needs no hook and a deleted order stops counting.
 */
import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { affiliateAlbums, affiliates } from '../db/schema.ts';

export type AffiliateRow = typeof affiliates.$inferSelect;

/** 256 random bits: the token alone opens the partner's statistics page. */
const newAffiliateToken = () => randomBytes(32).toString('base64url');

/** The public `utm_source` of a partner's links: a slug of the name plus a short random suffix so it is unique. */
function newUrlSource(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'partner'}-${randomBytes(4).toString('hex')}`;
}

export async function insertAffiliate(
  db: Db,
  input: { name: string; urlToken?: string },
): Promise<AffiliateRow | null> {
  const [row] = await db
    .insert(affiliates)
    .values({
      name: input.name,
      urlToken: input.urlToken ?? newAffiliateToken(),
      urlSource: newUrlSource(input.name),
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export function listAffiliates(db: Db): Promise<AffiliateRow[]> {
  return db.select().from(affiliates).orderBy(desc(affiliates.createdAt));
}

export async function findAffiliateByToken(db: Db, token: string): Promise<AffiliateRow | undefined> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.urlToken, token));
  return row;
}

/**
 * Credits a new album to the partner whose link the visitor came through (`utm_source` of the visit's marketing
 * parameters). Unknown sources credit nobody.
 */
export async function creditAlbum(db: Db, albumId: string, marketing: Record<string, unknown> | undefined) {
  const source = marketing?.utm_source;
  if (typeof source !== 'string' || source === '') return;
  const kept = Object.fromEntries(
    Object.entries(marketing ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  await db.execute(sql`insert into ${affiliateAlbums} (album_id, affiliate_id, marketing)
    select ${albumId}, id, ${JSON.stringify(kept)}::jsonb from ${affiliates} where url_source = ${source}
    on conflict do nothing`);
}

export interface MonthlyCounts {
  total_count: number;
  data: Array<{ month: string; count: number }>;
}

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: unknown) => {
  const value = result as Rows<T>;
  return Array.isArray(value) ? value : value.rows;
};

function monthly(rows: Array<{ month: string; count: number | string }>): MonthlyCounts {
  const data = rows.map((row) => ({ month: row.month, count: Number(row.count) }));
  return { total_count: data.reduce((sum, row) => sum + row.count, 0), data };
}

/** Albums and orders credited to the partner per calendar month (UTC, 'YYYY-MM'), newest month first. */
export async function conversionsOf(db: Db, affiliateId: string) {
  const albumRows = await db.execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month,
      count(*) as count
    from ${affiliateAlbums} where affiliate_id = ${affiliateId} group by 1 order by 1 desc`);
  const orderRows = await db.execute(sql`select to_char(o.created_at at time zone 'UTC', 'YYYY-MM') as month,
      count(*) as count
    from orders o join ${affiliateAlbums} a on a.album_id = o.album_id
    where a.affiliate_id = ${affiliateId} group by 1 order by 1 desc`);
  return {
    album_conversions: monthly(rowsOf<{ month: string; count: string }>(albumRows)),
    order_conversions: monthly(rowsOf<{ month: string; count: string }>(orderRows)),
  };
}
