import type { Config } from '../config/index.ts';
import type { Db } from '../db/database.ts';
import { seedAdmin, seedDemoUser } from './accounts.ts';
import { seedBlueprints, seedStickerTemplates } from './blueprints.ts';
import { seedPriceTables } from './price-tables.ts';

export interface SeedResult {
  blueprintIds: string[];
  stickerTemplateCount: number;
  /** Only on the first start without ADMIN_PASSWORD; print it once. */
  generatedAdminPassword?: string;
}

/** Idempotent first-start data (issue 2, item 5); runs on every start after the migrations. */
export async function runSeeds(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'appEnv' | 'seedsDir'>,
  extraSeedDirs: string[] = [],
): Promise<SeedResult> {
  const dirs = [config.seedsDir, ...extraSeedDirs];
  const blueprintIds = await seedBlueprints(db, dirs);
  const stickerTemplateCount = await seedStickerTemplates(db, dirs);
  await seedPriceTables(db, { appEnv: config.appEnv });
  const admin = await seedAdmin(db, config.adminEmail, config.adminPassword);
  if (config.appEnv === 'development') await seedDemoUser(db);
  return { blueprintIds, stickerTemplateCount, generatedAdminPassword: admin.generatedPassword };
}
