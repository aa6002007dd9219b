import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { allocateInvoiceNumber } from '../../src/invoices/numbering.ts';
import { DATABASE_KINDS, startTestApp, type TestApp } from '../helpers/test-app.ts';

class RolledBack extends Error {}

describe.each(DATABASE_KINDS)('gapless invoice numbers on %s', (kind) => {
  let t: TestApp;
  let db: Db;
  beforeAll(async () => {
    t = await startTestApp(kind);
    db = t.database.db;
  }, 120_000);
  afterAll(() => t?.close());

  /** Issues one invoice the way the orders feature will: number and invoice row in one transaction. */
  async function issue(issueDate: string, options: { holdMs?: number; fail?: boolean } = {}) {
    return db.transaction(async (tx) => {
      const allocated = await allocateInvoiceNumber(tx, issueDate);
      // Work the issuing transaction does after taking the number (writing the invoice, storing the PDF).
      if (options.holdMs) await sleep(options.holdMs);
      if (options.fail) throw new RolledBack();
      return allocated.number;
    });
  }

  it('starts each year at 000001 and counts up', async () => {
    expect(await issue('2031-01-01')).toBe('2031-000001');
    expect(await issue('2031-06-30')).toBe('2031-000002');
    expect(await issue('2032-01-01')).toBe('2032-000001');
    expect(await issue('2031-12-31')).toBe('2031-000003');
  });

  it('gives 20 parallel issuers 20 distinct consecutive numbers with no gap', async () => {
    const numbers = await Promise.all(Array.from({ length: 20 }, () => issue('2033-05-05', { holdMs: 5 })));
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `2033-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('gives the number of a rolled-back issue to the next invoice, even while others are issuing', async () => {
    await expect(issue('2034-02-02', { fail: true })).rejects.toBeInstanceOf(RolledBack);
    expect(await issue('2034-02-02')).toBe('2034-000001');
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => issue('2034-02-03', { holdMs: 3, fail: i % 3 === 0 })),
    );
    const issued = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(4);
    expect([...issued].sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `2034-${String(i + 2).padStart(6, '0')}`),
    );
    expect(await issue('2034-12-31')).toBe('2034-000010');
  });

  it('refuses an issue date that is not an ISO date and takes no number for it', async () => {
    await expect(issue('03/01/2035')).rejects.toThrow(/ISO date/);
    expect(await issue('2035-03-01')).toBe('2035-000001');
  });
});
