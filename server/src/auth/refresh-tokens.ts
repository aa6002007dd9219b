import { and, eq, isNull } from 'drizzle-orm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { refreshTokens } from '../db/schema.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function issueRefreshToken(
  db: Db,
  subject: string,
  kind: 'user' | 'guest',
  familyId: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    tokenHash: hashToken(token),
    familyId,
    subject,
    kind,
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Exchanges a refresh token for the next one of its family. A token that was already used means two parties
 * hold it, so the whole family is revoked and both must log in again (OAuth 2.0 Security BCP, 4.14).
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  kind: 'user' | 'guest',
): Promise<{ subject: string; refreshToken: string } | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row || row.kind !== kind || row.revokedAt || row.expiresAt < new Date()) return null;
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId);
    return null;
  }
  return { subject: row.subject, refreshToken: await issueRefreshToken(db, row.subject, kind, row.familyId) };
}

async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, familyId));
}

export async function revokeAllFor(db: Db, subject: string): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.subject, subject));
}

/** Logging out: the token's whole family stops working (the access token runs out within the hour). */
export async function revokeRefreshToken(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (row) await revokeFamily(db, row.familyId);
}
