/** An admin's access token and the tokens of everyone who must not see the back office (all get 404 there). */
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.ts';
import { createGuest, signUp, type TestApp } from './test-app.ts';

export async function adminAndOutsiders(t: TestApp) {
  const admin = await signUp(t.app);
  await t.database.db
    .update(users)
    .set({ roles: ['admin'] })
    .where(eq(users.id, admin.user.sub));
  const adminToken = await t.app.ctx.tokens.sign({
    kind: 'user',
    id: admin.user.sub,
    email: admin.user.email,
    roles: ['admin'],
  });
  const customer = await signUp(t.app);
  const guest = await createGuest(t.app);
  const outsiders: Record<string, string | undefined> = {
    anonymous: undefined,
    guest: guest.access_token,
    customer: customer.access_token,
  };
  return { admin, adminToken, customer, outsiders };
}
