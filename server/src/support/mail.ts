/**
 * The mail an admin gets for a message from the built-in contact form (SPEC §7 help widget): in the admin's own
 * language (their profile's locale), else English. It names who wrote (the e-mail to answer to), the album id they
 * were on with a link to it, the page and the browser, then the message itself. The album id is only the text the
 * sender's page sent: nothing of the album is looked up, so a foreign id shows nothing about that album.
 */
import type { Language, Translations } from '../i18n/languages.ts';
import { type MailJob, escapeHtml } from '../jobs/mail.ts';

interface SupportMailText {
  subject(email: string): string;
  intro: string;
  from: string;
  sender: Record<SenderKind, string>;
  album: string;
  noAlbum: string;
  page: string;
  browser: string;
  language: string;
  message: string;
  reply: string;
}

export type SenderKind = 'user' | 'guest' | 'anonymous';

const TEXTS: Translations<SupportMailText> = {
  en: {
    subject: (email) => `Support message from ${email}`,
    intro: 'Someone wrote to the team with the contact form:',
    from: 'From',
    sender: { user: 'signed in', guest: 'guest, not signed in', anonymous: 'not signed in' },
    album: 'Album',
    noAlbum: 'none (not on an album page)',
    page: 'Page',
    browser: 'Browser',
    language: 'Language',
    message: 'Message',
    reply: 'Reply to the sender at the address above.',
  },
  de: {
    subject: (email) => `Support-Nachricht von ${email}`,
    intro: 'Jemand hat dem Team über das Kontaktformular geschrieben:',
    from: 'Von',
    sender: { user: 'angemeldet', guest: 'Gast, nicht angemeldet', anonymous: 'nicht angemeldet' },
    album: 'Album',
    noAlbum: 'keins (nicht auf einer Albumseite)',
    page: 'Seite',
    browser: 'Browser',
    language: 'Sprache',
    message: 'Nachricht',
    reply: 'Antworte an die Adresse oben.',
  },
  fr: {
    subject: (email) => `Message au support de ${email}`,
    intro: 'Quelqu’un a écrit à l’équipe avec le formulaire de contact :',
    from: 'De',
    sender: { user: 'connecté', guest: 'invité, non connecté', anonymous: 'non connecté' },
    album: 'Album',
    noAlbum: 'aucun (pas sur une page d’album)',
    page: 'Page',
    browser: 'Navigateur',
    language: 'Langue',
    message: 'Message',
    reply: 'Répondez à l’adresse ci-dessus.',
  },
  it: {
    subject: (email) => `Messaggio all’assistenza da ${email}`,
    intro: 'Qualcuno ha scritto al team con il modulo di contatto:',
    from: 'Da',
    sender: { user: 'con accesso', guest: 'ospite, senza accesso', anonymous: 'senza accesso' },
    album: 'Album',
    noAlbum: 'nessuno (non su una pagina di album)',
    page: 'Pagina',
    browser: 'Browser',
    language: 'Lingua',
    message: 'Messaggio',
    reply: 'Rispondi all’indirizzo indicato sopra.',
  },
  pl: {
    subject: (email) => `Wiadomość do pomocy od ${email}`,
    intro: 'Ktoś napisał do zespołu przez formularz kontaktowy:',
    from: 'Od',
    sender: { user: 'zalogowany', guest: 'gość, niezalogowany', anonymous: 'niezalogowany' },
    album: 'Album',
    noAlbum: 'brak (nie na stronie albumu)',
    page: 'Strona',
    browser: 'Przeglądarka',
    language: 'Język',
    message: 'Wiadomość',
    reply: 'Odpowiedz na adres podany powyżej.',
  },
};

export interface SupportMailInput {
  to: string;
  adminLanguage: Language;
  email: string;
  sender: SenderKind;
  albumId: string | null;
  pagePath: string | null;
  userAgent: string | null;
  senderLanguage: string;
  message: string;
  publicUrl: string;
}

/** The mail itself: plain text and the same as simple HTML. */
export function supportMail(input: SupportMailInput): MailJob {
  const t = TEXTS[input.adminLanguage];
  const albumUrl = input.albumId ? `${input.publicUrl}/album/${encodeURIComponent(input.albumId)}` : null;
  const pageUrl = input.pagePath ? `${input.publicUrl}${input.pagePath}` : null;
  const facts: Array<[string, string, string | null]> = [
    [t.from, `${input.email} (${t.sender[input.sender]})`, null],
    [t.album, input.albumId ? `${input.albumId} – ${albumUrl}` : t.noAlbum, albumUrl],
    [t.page, pageUrl ?? '–', pageUrl],
    [t.browser, input.userAgent ?? '–', null],
    [t.language, input.senderLanguage, null],
  ];
  const text = [
    t.intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${t.message}:`,
    input.message,
    '',
    t.reply,
  ].join('\n');
  const row = ([label, value, link]: [string, string, string | null]) => {
    const shown =
      link && value.endsWith(link)
        ? `${escapeHtml(value.slice(0, value.length - link.length))}<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`
        : link
          ? `<a href="${escapeHtml(link)}">${escapeHtml(value)}</a>`
          : escapeHtml(value);
    return `<tr><th align="left" style="padding-right:12px">${escapeHtml(label)}</th><td>${shown}</td></tr>`;
  };
  const html = [
    `<p>${escapeHtml(t.intro)}</p>`,
    `<table>${facts.map(row).join('')}</table>`,
    `<p><strong>${escapeHtml(t.message)}:</strong></p>`,
    `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    `<p style="color:#777;font-size:12px">${escapeHtml(t.reply)}</p>`,
  ].join('\n');
  return { to: input.to, subject: t.subject(input.email), text, html };
}
