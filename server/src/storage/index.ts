import { join } from 'node:path';
import type { Config } from '../config/index.ts';
import { resolveJwtSecret } from '../config/jwt-secret.ts';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { BlobStorage } from './storage.ts';
import { UrlSigner } from './url-signer.ts';

export type { BlobStorage } from './storage.ts';
export { StorageNotFoundError } from './storage.ts';
export { LocalStorage, LOCAL_FILES_PATH, LOCAL_UPLOAD_PATH } from './local-storage.ts';
export { S3Storage } from './s3-storage.ts';
export { UrlSigner } from './url-signer.ts';

/** S3 when S3_BUCKET is set, else DATA_DIR/blobs. The signer is shared with the local file routes. */
export function createStorage(config: Config): { storage: BlobStorage; signer: UrlSigner } {
  const signer = new UrlSigner(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const s3 = config.s3;
  if (s3?.bucket) {
    return {
      signer,
      storage: new S3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forcePathStyle: s3.forcePathStyle,
      }),
    };
  }
  return { signer, storage: new LocalStorage(join(config.dataDir, 'blobs'), signer) };
}
