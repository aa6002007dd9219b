/**
 * The owner's e-mail about new sticker link uploads (issue 8 "the owner is notified by e-mail (when notifications
 * are enabled) of new uploads, batched"): the first upload of a batch schedules one job per album that runs after
 * the batch window, claims every upload not yet mailed and sends one mail listing their count and names, in the
 * owner's language. Uploads that arrive while notifications are off, or for a guest's album, are never mailed.
 */
import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../db/database.ts';
import { albums, stickerUploads, users } from '../db/schema.ts';
import { knownLanguage, type Language, type Translations } from '../i18n/languages.ts';
import { queueMail, type MailJob, escapeHtml } from '../jobs/mail.ts';
import { jobSender } from '../jobs/sender.ts';

export const STICKER_UPLOAD_MAIL_QUEUE = 'sticker-upload-mail';

export interface StickerUploadMailJob {
  albumId: string;
}

/** Names listed in one mail; the rest is counted. */
const NAMES_LISTED = 50;

/** Whether uploads to this album are to be mailed at all: notifications on and an owner with an e-mail. */
export function mailsOwner(album: {
  ownerIdentifier: string;
  settings: { emailNotificationsEnabled?: boolean };
}) {
  return album.settings.emailNotificationsEnabled !== false && !album.ownerIdentifier.startsWith('guest:');
}

/**
 * After an upload was stored: when it is the first one of a new batch (no other upload waits for the mail),
 * schedule the album's mail job at the end of the batch window. Two first uploads at once schedule two jobs;
 * the second finds nothing left to mail.
 */
async function scheduleUploadMail(
  db: Db,
  send: (albumId: string) => Promise<void>,
  upload: { id: string; albumId: string },
): Promise<void> {
  const [{ waiting }] = await db
    .select({ waiting: count() })
    .from(stickerUploads)
    .where(
      and(
        eq(stickerUploads.albumId, upload.albumId),
        isNull(stickerUploads.notifiedAt),
        ne(stickerUploads.id, upload.id),
      ),
    );
  if (waiting === 0) await send(upload.albumId);
}

/** Sends the album's mail job from the API process (jobs/sender.ts). */
export function stickerUploadMailSender(database: Database, delaySeconds: number) {
  const send = async (albumId: string) => {
    await jobSender(database).send(STICKER_UPLOAD_MAIL_QUEUE, { albumId } satisfies StickerUploadMailJob, {
      startAfter: delaySeconds,
      retryLimit: 3,
      retryDelay: 60,
    });
    // Until it runs, that job takes every upload of the album: a burst of uploads need not look again.
    scheduledUntil.set(albumId, Date.now() + delaySeconds * 1000);
    if (scheduledUntil.size > 10_000) scheduledUntil.delete(scheduledUntil.keys().next().value!);
  };
  const scheduledUntil = new Map<string, number>();
  return {
    send,
    /** After an upload was stored (see scheduleUploadMail). */
    async schedule(upload: { id: string; albumId: string }) {
      if ((scheduledUntil.get(upload.albumId) ?? 0) > Date.now()) return;
      await scheduleUploadMail(database.db, send, upload);
    },
  };
}

export interface StickerUploadMailDeps {
  db: Db;
  boss: Pick<PgBoss, 'send'>;
  publicUrl: string;
}

/** The batch job: claims the album's waiting uploads and queues one mail about them. */
export async function runStickerUploadMailJob(
  deps: StickerUploadMailDeps,
  job: StickerUploadMailJob,
): Promise<MailJob | undefined> {
  const { db } = deps;
  const [album] = await db
    .select({
      id: albums.id,
      title: albums.title,
      language: albums.language,
      ownerIdentifier: albums.ownerIdentifier,
      settings: albums.settings,
    })
    .from(albums)
    .where(eq(albums.id, job.albumId));
  if (!album) return undefined;
  const owner = mailsOwner(album)
    ? (await db.select().from(users).where(eq(users.id, album.ownerIdentifier)))[0]
    : undefined;
  const claimed = await db
    .update(stickerUploads)
    .set({ notifiedAt: new Date() })
    .where(and(eq(stickerUploads.albumId, album.id), isNull(stickerUploads.notifiedAt)))
    .returning({
      id: stickerUploads.id,
      name: stickerUploads.name,
      lastName: stickerUploads.lastName,
      createdAt: stickerUploads.createdAt,
    });
  if (!owner || claimed.length === 0) return undefined;
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const mail = stickerUploadMail({
    to: owner.email,
    language: knownLanguage(owner.locale) ?? knownLanguage(album.language) ?? 'en',
    albumTitle: album.title,
    names: claimed.map((upload) => `${upload.name} ${upload.lastName}`.trim()),
    reviewUrl: `${deps.publicUrl}/album/${encodeURIComponent(album.id)}/stickerlink`,
  });
  try {
    await queueMail(deps.boss, mail);
  } catch (error) {
    // Not mailed after all: the uploads wait for the retry.
    await db
      .update(stickerUploads)
      .set({ notifiedAt: null })
      .where(
        inArray(
          stickerUploads.id,
          claimed.map((upload) => upload.id),
        ),
      );
    throw error;
  }
  return mail;
}

interface MailText {
  subject(count: number, title: string): string;
  intro(count: number, title: string): string;
  more(count: number): string;
  review: string;
  why: string;
}

const plural = (count: number, one: string, other: string) => (count === 1 ? one : other);
/** Polish has three forms: 1, 2-4 (not 12-14), the rest. */
const polish = (count: number, one: string, few: string, many: string) =>
  count === 1
    ? one
    : count % 10 >= 2 && count % 10 <= 4 && (count % 100 < 12 || count % 100 > 14)
      ? few
      : many;

const TEXTS: Translations<MailText> = {
  en: {
    subject: (n, title) => `${n} new sticker ${plural(n, 'photo', 'photos')} for “${title}”`,
    intro: (n, title) =>
      `${n} new ${plural(n, 'photo has', 'photos have')} arrived through the sticker link of “${title}”:`,
    more: (n) => `… and ${n} more`,
    review: 'Review them and add them to your album:',
    why: 'You get this e-mail because e-mail notifications are switched on for this album. You can switch them off in the album settings.',
  },
  de: {
    subject: (n, title) => `${n} ${plural(n, 'neues Stickerfoto', 'neue Stickerfotos')} für „${title}“`,
    intro: (n, title) =>
      `Über den Sticker-Link von „${title}“ ${plural(n, 'ist', 'sind')} ${n} ${plural(n, 'neues Foto', 'neue Fotos')} eingegangen:`,
    more: (n) => `… und ${n} weitere`,
    review: 'Sieh sie dir an und füge sie deinem Album hinzu:',
    why: 'Du erhältst diese E-Mail, weil E-Mail-Benachrichtigungen für dieses Album eingeschaltet sind. Du kannst sie in den Albumeinstellungen ausschalten.',
  },
  fr: {
    subject: (n, title) =>
      `${n} ${plural(n, 'nouvelle photo de sticker', 'nouvelles photos de stickers')} pour « ${title} »`,
    intro: (n, title) =>
      `${n} ${plural(n, 'nouvelle photo est arrivée', 'nouvelles photos sont arrivées')} par le lien de stickers de « ${title} » :`,
    more: (n) => `… et ${n} de plus`,
    review: 'Consultez-les et ajoutez-les à votre album :',
    why: 'Vous recevez cet e-mail parce que les notifications par e-mail sont activées pour cet album. Vous pouvez les désactiver dans les paramètres de l’album.',
  },
  it: {
    subject: (n, title) =>
      `${n} ${plural(n, 'nuova foto per sticker', 'nuove foto per sticker')} per “${title}”`,
    intro: (n, title) =>
      `${plural(n, 'È arrivata', 'Sono arrivate')} ${n} ${plural(n, 'nuova foto', 'nuove foto')} tramite il link sticker di “${title}”:`,
    more: (n) => `… e altre ${n}`,
    review: 'Controllale e aggiungile al tuo album:',
    why: 'Ricevi questa e-mail perché le notifiche via e-mail sono attive per questo album. Puoi disattivarle nelle impostazioni dell’album.',
  },
  pl: {
    subject: (n, title) =>
      `${n} ${polish(n, 'nowe zdjęcie naklejki', 'nowe zdjęcia naklejek', 'nowych zdjęć naklejek')} do „${title}”`,
    intro: (n, title) =>
      `Przez link do naklejek albumu „${title}” ${polish(n, 'przyszło', 'przyszły', 'przyszło')} ${n} ${polish(n, 'nowe zdjęcie', 'nowe zdjęcia', 'nowych zdjęć')}:`,
    more: (n) => `… i ${n} więcej`,
    review: 'Przejrzyj je i dodaj do albumu:',
    why: 'Otrzymujesz tę wiadomość, ponieważ powiadomienia e-mail są włączone dla tego albumu. Możesz je wyłączyć w ustawieniach albumu.',
  },
};

/** The mail itself: plain text and the same as simple HTML. */
function stickerUploadMail(input: {
  to: string;
  language: Language;
  albumTitle: string;
  names: string[];
  reviewUrl: string;
}): MailJob {
  const t = TEXTS[input.language];
  const n = input.names.length;
  const listed = input.names.slice(0, NAMES_LISTED);
  const rest = n - listed.length;
  const lines = [
    t.intro(n, input.albumTitle),
    '',
    ...listed.map((name) => `- ${name}`),
    ...(rest > 0 ? [t.more(rest)] : []),
    '',
    t.review,
    input.reviewUrl,
    '',
    '--',
    t.why,
  ];
  const html = [
    `<p>${escapeHtml(t.intro(n, input.albumTitle))}</p>`,
    `<ul>${listed.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}${rest > 0 ? `<li>${escapeHtml(t.more(rest))}</li>` : ''}</ul>`,
    `<p>${escapeHtml(t.review)}<br><a href="${escapeHtml(input.reviewUrl)}">${escapeHtml(input.reviewUrl)}</a></p>`,
    `<p style="color:#777;font-size:12px">${escapeHtml(t.why)}</p>`,
  ].join('\n');
  return { to: input.to, subject: t.subject(n, input.albumTitle), text: lines.join('\n'), html };
}
