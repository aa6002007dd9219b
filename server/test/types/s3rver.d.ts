// s3rver ships no types; the S3 storage test uses only this much.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      resetOnClose?: boolean;
      configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
