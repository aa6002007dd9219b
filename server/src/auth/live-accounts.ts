import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';

/**
 * Whether the account behind a user's access token still exists (issue 24: a deleted account is logged out
 * everywhere at once). Access tokens are stateless JWTs valid for an hour, so deleting the account's refresh
 * tokens alone would leave its access tokens working until they expire; every user request therefore checks the
 * account. A confirmed account is remembered for `CONFIRMED_FOR_MS` per instance, so a burst of requests costs
 * one primary-key lookup: the instance that deletes an account forgets it at once (`forget`), and other
 * instances are told through the realtime adapter (realtime/index.ts `closeAccountEverywhere`).
 */
const CONFIRMED_FOR_MS = 10_000;
const MAX_REMEMBERED = 5_000;

export class LiveAccounts {
  readonly #db: Db;
  /** user id -> confirmed until (ms). */
  readonly #confirmed = new Map<string, number>();
  /** Deleted here or announced by another instance: a lookup that raced the deletion cannot confirm them again. */
  readonly #gone = new Set<string>();

  constructor(db: Db) {
    this.#db = db;
  }

  async exists(userId: string): Promise<boolean> {
    if (this.#gone.has(userId)) return false;
    const until = this.#confirmed.get(userId);
    if (until !== undefined && until > Date.now()) return true;
    const [row] = await this.#db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!row) {
      this.#confirmed.delete(userId);
      return false;
    }
    if (this.#gone.has(userId)) return false;
    this.#confirmed.delete(userId);
    this.#confirmed.set(userId, Date.now() + CONFIRMED_FOR_MS);
    if (this.#confirmed.size > MAX_REMEMBERED) this.#confirmed.delete(this.#confirmed.keys().next().value!);
    return true;
  }

  /** The account was deleted: its tokens stop working on this instance now. */
  forget(userId: string): void {
    this.#confirmed.delete(userId);
    this.#gone.add(userId);
    if (this.#gone.size > MAX_REMEMBERED) this.#gone.delete(this.#gone.values().next().value!);
  }
}
