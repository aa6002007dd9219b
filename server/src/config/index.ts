import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * The server package's own folder, so relative defaults work whatever the current directory is. Found by walking
 * up to the folder with the migrations, because this module runs both from src/config (tsx, tests) and bundled
 * into dist/main.js (`npm start`).
 */
export const SERVER_ROOT = findServerRoot(dirname(fileURLToPath(import.meta.url)));

function findServerRoot(from: string): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(resolve(dir, 'drizzle')) && existsSync(resolve(dir, 'package.json'))) return dir;
  }
  throw new Error(`Cannot find the server folder (with drizzle/) above ${from}`);
}

const optionalString = z.string().min(1).optional();
const optionalUrl = z.url().optional();
const intFromString = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Every setting the server reads from the environment (DESIGN.md "Configuration"): one schema, one place.
 * Empty strings count as unset so `FOO= npm start` falls back to the default.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Behind a reverse proxy: 'true' trusts X-Forwarded-For from any hop, a number trusts that many hops, else a
   * comma-separated list of proxy addresses/CIDRs. Client IPs (rate limits, sticker link limits) come from it.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      'true, false, a hop count or proxy addresses',
    )
    .optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  // S3 storage is documented now and used by the storage issue.
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** 'true' for S3-compatible servers that need bucket-in-path URLs (MinIO, s3rver, most self-hosted ones). */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional(),
  PUBLIC_URL: optionalUrl,
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  OIDC_ROLE_CLAIM: z.string().min(1).default('roles'),
  PEXELS_API_KEY: optionalString,
  /** Without Pexels, seed an empty stock library with 24 CC0 pictures (seeds/stock-library.ts); 'false' = keep it empty. */
  STOCK_LIBRARY_SEED: z.enum(['true', 'false', '1', '0']).default('true'),
  /** Base URL of the Pexels API (tests point it at a fake on 127.0.0.1). */
  PEXELS_API_URL: z.url().default('https://api.pexels.com'),
  OPENAI_API_KEY: optionalString,
  /** Base URL of the OpenAI API (tests point it at a fake on 127.0.0.1). */
  OPENAI_API_URL: z.url().default('https://api.openai.com'),
  /** SPEC §1 environments: default stock query, sample sticker name and position, organisation label. */
  SITE_ENVIRONMENT: z.enum(['default', 'business', 'sports']).default('default'),
  STRIPE_SECRET_KEY: optionalString,
  CHROMIUM_PATH: optionalString,
  RENDER_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  APP_ENV: z.enum(['development', 'production']).default('development'),
  ADMIN_EMAIL: z.email().default('admin@stickerbook.local'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WEB_DIST: z.string().optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: intFromString(30),
  PUBLIC_RATE_LIMIT_PER_MINUTE: intFromString(120),
  /** Sticker link (issue 8): photos one IP / one link may send per hour. */
  STICKER_LINK_SUBMISSIONS_PER_IP_PER_HOUR: intFromString(30),
  STICKER_LINK_SUBMISSIONS_PER_LINK_PER_HOUR: intFromString(1000),
  /** Sticker link: the owner gets at most one new-uploads e-mail per album in this many seconds. */
  STICKER_LINK_MAIL_BATCH_SECONDS: intFromString(900),
  /** Sender of the product's mail; unset = 'Stickerbook <noreply@PUBLIC_URL's host>'. */
  MAIL_FROM: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; unset means embedded PGlite under `dataDir/db`. */
  databaseUrl?: string;
  /** Only for tests: a throwaway in-memory PGlite instead of `dataDir/db`. */
  inMemoryDatabase?: boolean;
  redisUrl?: string;
  s3?: {
    endpoint?: string;
    bucket?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle?: boolean;
  };
  smtpUrl?: string;
  publicUrl: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string; roleClaim: string };
  pexelsApiKey?: string;
  seedStockLibrary: boolean;
  pexelsApiUrl: string;
  openaiApiKey?: string;
  openaiApiUrl: string;
  siteEnvironment: 'default' | 'business' | 'sports';
  stripeSecretKey?: string;
  chromiumPath?: string;
  /** Concurrent print export workers (headless Chromium pages) per worker process. */
  renderWorkers: number;
  /** Image jobs (variants, faces) one worker process runs at once. */
  imageWorkers: number;
  /** Fastify's trustProxy: false, true, a hop count or proxy addresses. */
  trustProxy: boolean | number | string[];
  appEnv: 'development' | 'production';
  adminEmail: string;
  adminPassword?: string;
  /** Unset means: read or create `dataDir/jwt-secret` (see jwt-secret.ts). */
  jwtSecret?: string;
  webDist: string;
  /** Folder with `blueprints/*.json` and `sticker-templates/*.json`. */
  seedsDir: string;
  rateLimits: { authPerMinute: number; publicPerMinute: number };
  /** Sticker link submissions (issue 8). */
  stickerLink: {
    submissionsPerIpPerHour: number;
    submissionsPerLinkPerHour: number;
    /** The owner's new-uploads e-mail waits this long after the first upload of a batch. */
    mailBatchSeconds: number;
  };
  /** The From of every mail the product sends. */
  mailFrom: string;
  logLevel: string;
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
    },
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET!,
          roleClaim: e.OIDC_ROLE_CLAIM,
        }
      : undefined,
    pexelsApiKey: e.PEXELS_API_KEY,
    seedStockLibrary: e.STOCK_LIBRARY_SEED === 'true' || e.STOCK_LIBRARY_SEED === '1',
    pexelsApiUrl: e.PEXELS_API_URL.replace(/\/$/, ''),
    openaiApiKey: e.OPENAI_API_KEY,
    openaiApiUrl: e.OPENAI_API_URL.replace(/\/$/, ''),
    siteEnvironment: e.SITE_ENVIRONMENT,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    chromiumPath: e.CHROMIUM_PATH,
    renderWorkers: e.RENDER_WORKERS,
    imageWorkers: e.IMAGE_WORKERS,
    appEnv: e.APP_ENV,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : resolve(SERVER_ROOT, '..', 'web', 'dist'),
    seedsDir: resolve(SERVER_ROOT, 'seeds'),
    rateLimits: {
      authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      publicPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
    },
    stickerLink: {
      submissionsPerIpPerHour: e.STICKER_LINK_SUBMISSIONS_PER_IP_PER_HOUR,
      submissionsPerLinkPerHour: e.STICKER_LINK_SUBMISSIONS_PER_LINK_PER_HOUR,
      mailBatchSeconds: e.STICKER_LINK_MAIL_BATCH_SECONDS,
    },
    mailFrom: e.MAIL_FROM ?? `Stickerbook <noreply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
    logLevel: e.LOG_LEVEL,
  };
}
