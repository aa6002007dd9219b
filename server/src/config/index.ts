import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { iccProfileProblem } from './output-profile.ts';

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
  /** Signing secret of the Stripe webhook endpoint (`whsec_...`): only signed `invoice.paid` events are believed. */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Base URL of the Stripe API (tests point it at a fake on 127.0.0.1). */
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** The seller on every invoice (EN 16931 BG-4, BG-6, BG-16): the print business's own data. */
  SELLER_NAME: z.string().min(1).default('Stickerbook GmbH'),
  SELLER_STREET: z.string().min(1).default('Musterstraße 1'),
  SELLER_POSTCODE: z.string().min(1).default('10115'),
  SELLER_CITY: z.string().min(1).default('Berlin'),
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code like DE')
    .default('DE'),
  SELLER_VAT_ID: z
    .string()
    .regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/, 'must be a VAT id like DE123456789')
    .default('DE123456789'),
  SELLER_IBAN: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .refine(isValidIban, 'must be a valid IBAN')
    .default('DE02120300000000202051'),
  SELLER_BIC: z
    .string()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a BIC like BYLADEM1001')
    .default('BYLADEM1001'),
  SELLER_EMAIL: z.email().default('billing@stickerbook.local'),
  SELLER_PHONE: optionalString,
  /** The person or department named as the seller's contact (BT-41). */
  SELLER_CONTACT: optionalString,
  /** What a company's business letters must state (§35a GmbHG: register court and number, managing directors). */
  SELLER_LEGAL_INFO: optionalString,
  /** The print partner's SFTP drop: sftp://user@host:port/folder. Unset = transfers are off. */
  PRINT_PARTNER_SFTP_URL: z
    .string()
    .regex(/^sftp:\/\/[^@/]+@[^/]+/, 'must be an sftp://user@host[:port]/folder URL')
    .optional(),
  /** The private key for that login: the key itself (-----BEGIN ...) or the path of a key file. */
  PRINT_PARTNER_SFTP_KEY: optionalString,
  /** SHA-256 fingerprint of the server's host key (base64, as `ssh-keygen -l` prints it after SHA256:). */
  PRINT_PARTNER_SFTP_HOST_KEY_SHA256: optionalString,
  /**
   * The print partner's CMYK output profile (an ICC file they supply, e.g. PSO Coated v3) and its registered
   * output condition (e.g. FOGRA51); unset = Ghostscript's default_cmyk.icc, condition CGATS TR 001 (SWOP).
   */
  PRINT_OUTPUT_ICC: optionalString,
  PRINT_OUTPUT_CONDITION: z
    .string()
    .regex(/^[\x20-\x7e]{1,100}$/, 'must be a short printable name like FOGRA39')
    .optional(),
  CHROMIUM_PATH: optionalString,
  RENDER_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** SIGTERM: how long running jobs may take to finish before they are handed back to the queue. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /**
   * How often (s) pg-boss looks for jobs whose worker died (kill -9, a lost machine) and queues them again once
   * their lease (a queue's expiry) ran out. pg-boss's own default is 120.
   */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * The lease of a print export job (s): after it a job whose worker died is retried. It must outlast the longest
   * export, or a slow one is started a second time while the first still runs.
   */
  RENDER_EXPORT_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(5)
    .max(86_400)
    .default(30 * 60),
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
  /**
   * Chatwoot's web widget (SPEC §7 help widget): the Chatwoot server's origin and the website inbox's token. Both
   * set = the widget instead of the built-in contact form; the CSP then allows that origin, and only then.
   */
  CHATWOOT_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s):// URL')
    .optional(),
  CHATWOOT_WEBSITE_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,128}$/, 'must be the website inbox token (letters and digits)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The operator named in the imprint, terms, customer information and privacy policy (GET /legal/operator).
   * The defaults are obvious placeholders, so a forgotten setting shows on the pages instead of looking real.
   */
  OPERATOR_COMPANY: z.string().max(200).default('Stickerbook Musterfirma GmbH'),
  OPERATOR_ADDRESS: z.string().max(300).default('Musterstraße 1, 10115 Berlin, Deutschland'),
  OPERATOR_REGISTER: z.string().max(200).default('Amtsgericht Musterstadt, HRB 000000'),
  OPERATOR_VAT_ID: z.string().max(50).default('DE000000000'),
  OPERATOR_EMAIL: z.email().default('support@stickerbook.example'),
  OPERATOR_PHONE: z.string().max(50).default('+49 30 0000000'),
  OPERATOR_REPRESENTATIVE: z.string().max(200).default('Erika Mustermann'),
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
  stripeWebhookSecret?: string;
  stripeApiUrl: string;
  /** The seller printed on and encoded in every invoice. */
  seller: SellerConfig;
  /** SFTP handoff to the print partner; undefined when PRINT_PARTNER_SFTP_URL is unset. */
  printPartner?: { sftpUrl: string; privateKey?: string; hostKeySha256?: string };
  /** The print partner's CMYK profile for PDF/X files (output-profile.ts); undefined = Ghostscript's. */
  printOutput?: { iccPath: string; condition?: string };
  chromiumPath?: string;
  /** Concurrent print export workers (headless Chromium pages) per worker process. */
  renderWorkers: number;
  /** Image jobs (variants, faces) one worker process runs at once. */
  imageWorkers: number;
  /** SIGTERM: running jobs get this long to finish, then they go back to the queue (workers.ts). */
  shutdownGraceMs: number;
  /** pg-boss's maintenance interval: how soon a dead worker's expired job is queued again. */
  jobSuperviseSeconds: number;
  renderExportLeaseSeconds: number;
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
  /** Chatwoot's widget (CHATWOOT_URL + CHATWOOT_WEBSITE_TOKEN); undefined = the built-in contact form. */
  chatwoot?: { url: string; websiteToken: string };
  logLevel: string;
  /** Who runs this installation, for the legal pages (OPERATOR_*). */
  operator: OperatorDetails;
}

interface OperatorDetails {
  company: string;
  /** One line: street, postcode and city, country. */
  address: string;
  /** Commercial register and number. */
  register: string;
  vatId: string;
  email: string;
  phone: string;
  /** Managing director or other person authorised to represent the company. */
  representative: string;
}

export interface SellerConfig {
  name: string;
  address: { line1: string; postCode: string; city: string; countryCode: string };
  vatId: string;
  iban: string;
  bic: string;
  contact: { name?: string; email: string; phone?: string };
  /** Register court and number, managing directors: printed in the invoice footer. */
  legalInfo?: string;
}

export class ConfigError extends Error {}

/** ISO 13616 check digits: move the first four characters to the end, letters to numbers, remainder mod 97 is 1. */
function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) =>
    String(letter.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}

/**
 * The seller settings an invoice for a German public buyer (XRechnung 3.0) needs: name, address, VAT id, bank
 * account and the contact person, telephone and e-mail (BT-41/42/43, rules BR-DE-2, -5, -6, -7). Their defaults are
 * placeholders, so with APP_ENV=production the server refuses to start until each one is set.
 */
const XRECHNUNG_SELLER_SETTINGS = [
  'SELLER_NAME',
  'SELLER_STREET',
  'SELLER_POSTCODE',
  'SELLER_CITY',
  'SELLER_VAT_ID',
  'SELLER_IBAN',
  'SELLER_BIC',
  'SELLER_EMAIL',
  'SELLER_PHONE',
  'SELLER_CONTACT',
] as const;

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
  if (e.APP_ENV === 'production') {
    const missing = XRECHNUNG_SELLER_SETTINGS.filter((name) => !cleaned[name]?.trim());
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: with APP_ENV=production set the seller's invoice data (XRechnung needs it): ${missing.join(', ')}`,
      );
    }
  }
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  }
  if (e.PRINT_OUTPUT_CONDITION && !e.PRINT_OUTPUT_ICC) {
    throw new ConfigError(
      'Invalid configuration: PRINT_OUTPUT_CONDITION names the profile of PRINT_OUTPUT_ICC; set both',
    );
  }
  if (e.PRINT_OUTPUT_ICC) {
    const problem = existsSync(e.PRINT_OUTPUT_ICC)
      ? iccProfileProblem(readFileSync(e.PRINT_OUTPUT_ICC))
      : 'does not exist';
    if (problem)
      throw new ConfigError(`Invalid configuration: PRINT_OUTPUT_ICC ${e.PRINT_OUTPUT_ICC} ${problem}`);
  }
  if (Boolean(e.CHATWOOT_URL) !== Boolean(e.CHATWOOT_WEBSITE_TOKEN)) {
    throw new ConfigError(
      'Invalid configuration: CHATWOOT_URL and CHATWOOT_WEBSITE_TOKEN must be set together',
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
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeApiUrl: e.STRIPE_API_URL.replace(/\/$/, ''),
    seller: {
      name: e.SELLER_NAME,
      address: {
        line1: e.SELLER_STREET,
        postCode: e.SELLER_POSTCODE,
        city: e.SELLER_CITY,
        countryCode: e.SELLER_COUNTRY,
      },
      vatId: e.SELLER_VAT_ID,
      iban: e.SELLER_IBAN,
      bic: e.SELLER_BIC,
      contact: { name: e.SELLER_CONTACT, email: e.SELLER_EMAIL, phone: e.SELLER_PHONE },
      legalInfo: e.SELLER_LEGAL_INFO,
    },
    printPartner: e.PRINT_PARTNER_SFTP_URL
      ? {
          sftpUrl: e.PRINT_PARTNER_SFTP_URL,
          privateKey: e.PRINT_PARTNER_SFTP_KEY,
          hostKeySha256: e.PRINT_PARTNER_SFTP_HOST_KEY_SHA256,
        }
      : undefined,
    printOutput: e.PRINT_OUTPUT_ICC
      ? { iccPath: resolve(e.PRINT_OUTPUT_ICC), condition: e.PRINT_OUTPUT_CONDITION }
      : undefined,
    chromiumPath: e.CHROMIUM_PATH,
    renderWorkers: e.RENDER_WORKERS,
    imageWorkers: e.IMAGE_WORKERS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    jobSuperviseSeconds: e.JOB_SUPERVISE_SECONDS,
    renderExportLeaseSeconds: e.RENDER_EXPORT_LEASE_SECONDS,
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
    chatwoot:
      e.CHATWOOT_URL && e.CHATWOOT_WEBSITE_TOKEN
        ? { url: new URL(e.CHATWOOT_URL).origin, websiteToken: e.CHATWOOT_WEBSITE_TOKEN }
        : undefined,
    logLevel: e.LOG_LEVEL,
    operator: {
      company: e.OPERATOR_COMPANY,
      address: e.OPERATOR_ADDRESS,
      register: e.OPERATOR_REGISTER,
      vatId: e.OPERATOR_VAT_ID,
      email: e.OPERATOR_EMAIL,
      phone: e.OPERATOR_PHONE,
      representative: e.OPERATOR_REPRESENTATIVE,
    },
  };
}
