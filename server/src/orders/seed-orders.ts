/**
 * `npm run seed:orders -- 100000`: fills the configured database (DATA_DIR's embedded one, or DATABASE_URL) with
 * that many orders of one sample customer, spread over two years, every stage of the timeline, addresses and
 * albums with searchable names — the size a successful shop reaches, for the dashboard bench and for trying the
 * back office out. Set-based SQL (generate_series), so 100,000 orders take seconds, not an hour of round trips.
 */
import { seedOrders } from './seed-orders-sql.ts';
import { loadConfig } from '../config/index.ts';
import { openDatabase } from '../db/database.ts';

const count = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  console.error('usage: npm run seed:orders -- <number of orders, 1 to 5,000,000>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const started = performance.now();
await seedOrders(database, count);
console.log(`${count} orders seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await database.close();
