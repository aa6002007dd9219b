/**
 * "Download my data" (GDPR Art. 15 access, Art. 20 portability; issue 24): one zip with everything the account
 * holds, built by a pg-boss job so a large account neither blocks a request nor dies with it.
 *
 * The zip (README.txt says the same to whoever opens it):
 *   account.json                      the account, its organizations and the albums shared with it
 *   albums/<id>/album.json            each own album: settings and its document as the editor saves it
 *   albums/<id>/images/<image id>.<ext> the album's uploaded originals (sticker link photos included)
 *   albums/<id>/sticker-uploads.json  what contributors sent through the album's sticker link
 *   orders/SB-<number>.json           each order as the customer's order page shows it
 *   invoices/<number>.pdf             each issued invoice and credit note, the stored PDF byte for byte
 *
 * State lives in `data_exports` (working -> finished | error, progress 0-100). The job is idempotent: a retry
 * writes the same key again. Only the newest export of an account is kept; starting one deletes the older files.
 * When a self-requested export is ready the user gets a mail that points at the profile (never at the file).
 */
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Config } from '../config/index.ts';
import type { Database, Db } from '../db/database.ts';
import { albumMembers, albums, blobs, dataExports, images, invoices, users } from '../db/schema.ts';
import { queueMail } from '../jobs/mail.ts';
import { jobSender } from '../jobs/sender.ts';
import { listOrdersOfUser, loadOrderParts } from '../orders/repository.ts';
import { languageOf } from '../i18n/languages.ts';
import { orderName, toOrderView } from '../orders/view.ts';
import { currentAlbumDocument } from '../album-store/albums.ts';
import { listOrganizations } from '../users/organizations.ts';
import { listStickerUploads } from '../sticker-link/repository.ts';
import type { BlobStorage } from '../storage/index.ts';
import { exportReadyMail } from './texts.ts';
import { jsonEntry, writeZipToStorage, type ZipEntry } from './export-zip.ts';

const DATA_EXPORT_QUEUE = 'data-export';
/** Two more tries after a crash or a storage failure; an hour is far more than the largest account needs. */
const DATA_EXPORT_QUEUE_OPTIONS = { retryLimit: 2, retryDelay: 30, expireInSeconds: 60 * 60 };

const ABANDONED_AFTER_MS =
  (DATA_EXPORT_QUEUE_OPTIONS.retryLimit + 1) *
  (DATA_EXPORT_QUEUE_OPTIONS.expireInSeconds + DATA_EXPORT_QUEUE_OPTIONS.retryDelay) *
  1000;

export type DataExportRow = typeof dataExports.$inferSelect;

interface DataExportJob {
  exportId: string;
}

export interface DataExportDeps {
  database: Database;
  storage: BlobStorage;
  config: Pick<Config, 'publicUrl'>;
}

const exportKey = (userId: string, exportId: string) => `account-exports/${userId}/${exportId}.zip`;

export async function latestDataExport(db: Db, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row;
}

/**
 * Starts an export of `userId`'s data unless one is running already (a second click answers the running one).
 * Older finished exports and their files go: the account keeps one copy of its data, the newest.
 */
export async function startDataExport(
  deps: Omit<DataExportDeps, 'config'>,
  input: { userId: string; requestedBy: string },
): Promise<DataExportRow> {
  const db = deps.database.db;
  const running = await latestDataExport(db, input.userId);
  // A run whose job was lost with its process past every retry (killed on the last attempt) stays 'working';
  // after every attempt's time has run out, a new request starts afresh.
  const abandoned = running && Date.now() - running.createdAt.getTime() > ABANDONED_AFTER_MS;
  if (running?.state === 'working' && !abandoned) return running;
  const [row] = await db
    .insert(dataExports)
    .values({ userId: input.userId, requestedBy: input.requestedBy })
    .returning();
  const older = await db
    .delete(dataExports)
    .where(and(eq(dataExports.userId, input.userId), lt(dataExports.createdAt, row!.createdAt)))
    .returning({ key: dataExports.storageKey });
  await deps.storage.delete(older.flatMap((old) => (old.key ? [old.key] : [])));
  await jobSender(deps.database).send(
    DATA_EXPORT_QUEUE,
    { exportId: row!.id } satisfies DataExportJob,
    {},
    DATA_EXPORT_QUEUE_OPTIONS,
  );
  return row!;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'image/avif': 'avif',
};

const README = `Stickerbook: your data

account.json                          your account, organizations and the albums shared with you
albums/<id>/album.json                each of your albums with its document
albums/<id>/images/                   the photos uploaded to the album
albums/<id>/sticker-uploads.json      what people sent through the album's sticker link
orders/<order>.json                   your orders
invoices/<number>.pdf                 your invoices and credit notes
`;

/** Everything the account holds, as zip entries; stored files are opened only when the zip reaches them. */
async function accountEntries(deps: DataExportDeps, userId: string): Promise<ZipEntry[] | null> {
  const db = deps.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const language = languageOf(user.locale);
  const shared = await db
    .select({ id: albums.id, title: albums.title, joinedAt: albumMembers.createdAt })
    .from(albumMembers)
    .innerJoin(albums, eq(albums.id, albumMembers.albumId))
    .where(eq(albumMembers.userId, userId));
  const entries: ZipEntry[] = [
    { name: 'README.txt', data: Buffer.from(README, 'utf8') },
    jsonEntry('account.json', {
      id: user.id,
      email: user.email,
      nickname: user.nickname,
      picture: user.picture,
      locale: user.locale,
      roles: user.roles,
      login: { password: user.passwordHash !== null, outside_provider: user.oidcSubject !== null },
      cookie_consent: user.cookieConsent,
      activated_at: user.activatedAt?.toISOString() ?? null,
      created_at: user.createdAt.toISOString(),
      organizations: await listOrganizations(db, user.id),
      shared_albums: shared.map((album) => ({
        id: album.id,
        title: album.title,
        joined_at: album.joinedAt.toISOString(),
      })),
    }),
  ];

  const own = await db.select().from(albums).where(eq(albums.ownerIdentifier, user.id));
  for (const album of own) {
    const folder = `albums/${album.id}`;
    const current = await currentAlbumDocument(db, album.id);
    entries.push(
      jsonEntry(`${folder}/album.json`, {
        id: album.id,
        identifier: album.identifier,
        title: album.title,
        release_date: album.releaseDate,
        language: album.language,
        category: album.category,
        blueprint_title: album.blueprintTitle,
        locked: album.locked,
        settings: album.settings,
        version: current?.version ?? album.version,
        created_at: album.createdAt.toISOString(),
        updated_at: album.updatedAt.toISOString(),
        document: current?.doc ?? album.workspace,
      }),
    );
    const uploads = await listStickerUploads(db, album.id);
    entries.push(
      jsonEntry(
        `${folder}/sticker-uploads.json`,
        uploads.map((upload) => ({
          id: upload.id,
          name: upload.name,
          last_name: upload.lastName,
          position: upload.position,
          section_id: upload.sectionId,
          image_id: upload.imageId,
          details: upload.details,
          created_at: upload.createdAt.toISOString(),
          merged_at: upload.mergedAt?.toISOString() ?? null,
        })),
      ),
    );
    const files = await db
      .select({ id: images.id, contentType: images.contentType, key: blobs.storageKey })
      .from(images)
      .innerJoin(blobs, eq(blobs.id, images.blobId))
      .where(eq(images.albumId, album.id));
    for (const file of files) {
      entries.push({
        name: `${folder}/images/${file.id}.${EXTENSIONS[file.contentType] ?? 'bin'}`,
        open: () => deps.storage.stream(file.key),
      });
    }
  }

  const { rows } = await listOrdersOfUser(db, user.id, { offset: 0, limit: 100_000 });
  const parts = await loadOrderParts(db, rows);
  for (const order of rows)
    entries.push(jsonEntry(`orders/${orderName(order.number)}.json`, toOrderView(order, parts, language)));
  const documents = rows.length
    ? await db
        .select({ number: invoices.number, key: invoices.storageKey })
        .from(invoices)
        .where(
          inArray(
            invoices.orderId,
            rows.map((order) => order.id),
          ),
        )
    : [];
  for (const document of documents)
    entries.push({ name: `invoices/${document.number}.pdf`, open: () => deps.storage.stream(document.key) });
  return entries;
}

async function setProgress(db: Db, exportId: string, progress: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ progress })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.state, 'working')));
}

/**
 * Builds the zip and records the outcome. Throws on failure (pg-boss retries); the last attempt's failure is
 * recorded by `failDataExport` from the worker. Collecting is a tenth of the work, the files the rest.
 */
async function runDataExportJob(deps: DataExportDeps, job: DataExportJob): Promise<void> {
  const db = deps.database.db;
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, job.exportId));
  if (!row || row.state !== 'working') return; // deleted with the account, or done by an earlier attempt
  const entries = await accountEntries(deps, row.userId);
  if (!entries) return;
  await setProgress(db, row.id, 10);
  const key = exportKey(row.userId, row.id);
  let reported = 10;
  const { byteSize } = await writeZipToStorage(deps.storage, key, entries, (done, total) => {
    const progress = 10 + Math.floor((85 * done) / Math.max(total, 1));
    if (progress >= reported + 5) {
      reported = progress;
      void setProgress(db, row.id, progress).catch(() => undefined);
    }
  });
  const [finished] = await db
    .update(dataExports)
    .set({ state: 'finished', progress: 100, storageKey: key, byteSize, finishedAt: new Date() })
    .where(and(eq(dataExports.id, row.id), eq(dataExports.state, 'working')))
    .returning();
  if (!finished) {
    await deps.storage.delete([key]); // the account or the export went meanwhile
    return;
  }
  if (row.requestedBy !== row.userId) return; // an admin's export: the admin downloads it
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  if (!user) return;
  await queueMail(jobSender(deps.database), {
    ...exportReadyMail({
      to: user.email,
      language: user.locale,
      profileUrl: `${deps.config.publicUrl}/profile`,
    }),
    dedupeKey: `data-export:${row.id}`,
  });
}

async function failDataExport(db: Db, exportId: string, error: unknown): Promise<void> {
  await db
    .update(dataExports)
    .set({
      state: 'error',
      error: error instanceof Error ? error.message : String(error),
      finishedAt: new Date(),
    })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.state, 'working')));
}

/** Registers the export worker in this process. */
export async function workDataExports(boss: PgBoss, deps: DataExportDeps): Promise<void> {
  await boss.createQueue(DATA_EXPORT_QUEUE, { name: DATA_EXPORT_QUEUE, ...DATA_EXPORT_QUEUE_OPTIONS });
  await boss.work<DataExportJob>(
    DATA_EXPORT_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
    async ([job]) => {
      try {
        await runDataExportJob(deps, job!.data);
      } catch (error) {
        if (job!.retryCount >= DATA_EXPORT_QUEUE_OPTIONS.retryLimit)
          await failDataExport(deps.database.db, job!.data.exportId, error);
        throw error;
      }
    },
  );
}
