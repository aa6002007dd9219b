import { UPLOAD_DOMAINS } from '@stickerbook/model';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { AccessTokens } from './auth/access-tokens.ts';
import { registerAuthentication } from './auth/authenticate.ts';
import { LiveAccounts } from './auth/live-accounts.ts';
import type { Config } from './config/index.ts';
import { resolveJwtSecret } from './config/jwt-secret.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/database.ts';
import { registerCompression } from './http/compression.ts';
import { registerApiDocs } from './http/docs.ts';
import { registerErrorHandling } from './http/errors.ts';
import { controlCharacterError, findControlCharacter, loggableError } from './http/text-safety.ts';
import { registerRateLimits, registerSecurityHeaders } from './http/security.ts';
import { requestLogFields } from './http/request-log.ts';
import { registerSpa } from './http/spa.ts';
import { attachRealtime } from './realtime/index.ts';
import { noteAlbumDocumentStored } from './albums/cover-preview.ts';
import { authenticateHandshake } from './albums/live-handshake.ts';
import { AlbumSyncService } from './albums/sync-service.ts';
import { jobSender } from './jobs/sender.ts';
import { apiRoutes } from './api-routes.ts';

/** 1 MiB: every JSON body of this API is far smaller; files go to storage, not through JSON. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildOptions {
  /** An already opened database (tests pass one on a fresh PostgreSQL database); closed with the app. */
  database?: Database;
  /** Where the log lines go instead of stdout (tests read what the server logged). */
  logStream?: { write(line: string): void };
}

/** An error's log line: its kind, code and frames, never the values of a failed query (http/text-safety.ts). */
function loggableErrorFields(error: FastifyError): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  return { type: 'Error', message: '', stack: '', ...loggableError(error) };
}

/** Builds the whole HTTP app without listening (STYLE.md: tests start a real instance on a random port). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // The request line names route and path, never the query or a token (http/request-log.ts).
      serializers: { req: requestLogFields, err: loggableErrorFields },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // A hop count trusts that many proxies in front of us (what proxy-addr does with a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  readJsonBodies(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDatabase,
    }));
  app.addHook('onClose', () => database.close());
  // Runs before the database closes (onClose hooks run last registered first).
  app.addHook('onClose', () => jobSender(database).close());
  const tokens = new AccessTokens(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const accounts = new LiveAccounts(database.db);
  app.decorate('ctx', {
    config,
    database,
    tokens,
    accounts,
    lifecycle: { draining: false },
  } satisfies AppContext);

  registerErrorHandling(app);
  // Refresh tokens travel in HttpOnly cookies (auth/refresh-cookie.ts).
  await app.register(fastifyCookie);
  const s3Origin = config.s3?.endpoint ? new URL(config.s3.endpoint).origin : undefined;
  await registerSecurityHeaders(app, {
    production: config.appEnv === 'production',
    imageOrigins: [
      ...(config.pexelsApiKey ? UPLOAD_DOMAINS.map((host) => `https://${host}`) : []),
      ...(s3Origin ? [s3Origin] : []),
    ],
    connectOrigins: s3Origin ? [s3Origin] : [],
    widgetOrigins: config.chatwoot ? [config.chatwoot.url] : [],
  });
  await registerRateLimits(app, { redisUrl: config.redisUrl });
  // Before every route it should cover: the compress plugin hooks routes as they are added.
  await registerCompression(app);
  registerAuthentication(app, tokens, accounts);
  await registerApiDocs(app);
  // socket.io on the same HTTP server (issue 6); before the routes, which use `app.realtime`. Realtime is a floor:
  // the album parts it carries are handed in here.
  await attachRealtime(app, {
    sync: new AlbumSyncService(database.db, {
      onError: (error, albumId) => app.log.warn({ err: error, albumId }, 'folding the album log failed'),
      onStored: (albumId, doc) => noteAlbumDocumentStored(database, albumId, doc),
    }),
    authenticate: (handshake) => authenticateHandshake(handshake, database.db, tokens, accounts),
  });
  await app.register(apiRoutes, { prefix: '/api/v1' });

  const serveSpa = await registerSpa(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if ((request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api')) {
      return serveSpa(request, reply);
    }
    return reply
      .status(404)
      .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${path}` } });
  });
  return app;
}

/**
 * How JSON bodies are read. `fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' } })`
 * without a body is how clients call body-less routes like POST /public/guest_tokens. Fastify refuses that as bad
 * JSON; we treat it as no body, and routes that need one still answer VALIDATION_FAILED. A body with control
 * characters in any text is refused with 422 before a route sees it (http/text-safety.ts).
 */
function readJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body.toString(), (error, parsed) => {
      if (error) return done(error, undefined);
      const field = findControlCharacter(parsed);
      return field ? done(controlCharacterError(field), undefined) : done(null, parsed);
    });
  });
}
