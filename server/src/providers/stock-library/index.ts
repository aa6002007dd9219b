import type { Config } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { PexelsClient } from '../pexels/pexels-client.ts';
import type { ReportFailure, StockProvider } from '../pexels/stock-provider.ts';
import { StockLibrary } from './library-provider.ts';

export { libraryPhotoView } from './library-provider.ts';
export { libraryFileKeys, makeLibraryFiles } from './library-files.ts';
export * from './library-repository.ts';

/** Pexels when PEXELS_API_KEY is set, else the local library (DESIGN.md "Outside services"). */
export function createStockProvider(
  config: Config,
  deps: { db: Db; storage: BlobStorage; report: ReportFailure },
): StockProvider {
  if (config.pexelsApiKey) {
    return new PexelsClient({
      apiKey: config.pexelsApiKey,
      baseUrl: config.pexelsApiUrl,
      report: deps.report,
    });
  }
  return new StockLibrary(deps.db, deps.storage);
}
