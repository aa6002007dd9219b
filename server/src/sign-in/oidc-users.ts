import type { Db } from '../db/database.ts';
import {
  findUserByEmail,
  findUserByOidcSubject,
  insertUser,
  updateUser,
  type UserRow,
} from '../users/repository.ts';

/** The role claim may be an array (Keycloak, Auth0 rules) or a space/comma separated string. */
function claimedRoles(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((role): role is string => typeof role === 'string');
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  return [];
}

/**
 * Finds or creates our user for an OIDC login: by `oidc_subject`, then by e-mail (linking an existing
 * built-in account), else a new account. The provider's role claim decides admin on every login, so removing
 * the role at the provider takes effect at the next login.
 */
export async function userFromOidcClaims(
  db: Db,
  claims: Record<string, unknown> & { sub: string },
  roleClaim: string,
): Promise<UserRow> {
  const email = typeof claims.email === 'string' ? claims.email : undefined;
  if (!email) throw new Error('The provider did not share an e-mail address');
  const admin = claimedRoles(claims[roleClaim]).includes('admin');
  const nickname =
    typeof claims.nickname === 'string'
      ? claims.nickname
      : typeof claims.name === 'string'
        ? claims.name
        : null;
  const picture = typeof claims.picture === 'string' ? claims.picture : null;

  const existing = (await findUserByOidcSubject(db, claims.sub)) ?? (await findUserByEmail(db, email));
  if (!existing) {
    return insertUser(db, {
      email,
      oidcSubject: claims.sub,
      nickname,
      picture,
      roles: admin ? ['admin'] : [],
      activatedAt: claims.email_verified === true ? new Date() : null,
    });
  }
  const otherRoles = existing.roles.filter((role) => role !== 'admin');
  return updateUser(db, existing.id, {
    oidcSubject: claims.sub,
    nickname: existing.nickname ?? nickname,
    picture: existing.picture ?? picture,
    roles: admin ? [...otherRoles, 'admin'] : otherRoles,
  });
}
