/**
 * The invitation e-mail (SPEC §6 "album owner invites by e-mail"): in the album's language, since the album's
 * language drives its automatic texts and mails, with the accept link /invitations/{token}/accept. It goes out
 * through the mail job (jobs/mail.ts) like every other mail of the product.
 */
import { languageOf, type Translations } from '../i18n/languages.ts';
import { type MailJob, escapeHtml } from '../jobs/mail.ts';

interface InvitationText {
  subject(inviter: string, title: string): string;
  intro(inviter: string, title: string): string;
  accept: string;
  signup: string;
}

const TEXTS: Translations<InvitationText> = {
  en: {
    subject: (inviter, title) => `${inviter} invited you to the album “${title}”`,
    intro: (inviter, title) => `${inviter} invited you to design the sticker album “${title}” together.`,
    accept: 'Accept the invitation here:',
    signup: 'No account yet? You can sign up for free after opening the link.',
  },
  de: {
    subject: (inviter, title) => `${inviter} hat dich zum Album „${title}“ eingeladen`,
    intro: (inviter, title) =>
      `${inviter} hat dich eingeladen, das Stickeralbum „${title}“ gemeinsam zu gestalten.`,
    accept: 'Hier kannst du die Einladung annehmen:',
    signup: 'Noch kein Konto? Nach dem Öffnen des Links kannst du dich kostenlos registrieren.',
  },
  fr: {
    subject: (inviter, title) => `${inviter} vous a invité à l’album « ${title} »`,
    intro: (inviter, title) =>
      `${inviter} vous a invité à concevoir ensemble l’album de stickers « ${title} ».`,
    accept: 'Acceptez l’invitation ici :',
    signup: 'Pas encore de compte ? Vous pourrez vous inscrire gratuitement après avoir ouvert le lien.',
  },
  it: {
    subject: (inviter, title) => `${inviter} ti ha invitato all’album “${title}”`,
    intro: (inviter, title) => `${inviter} ti ha invitato a creare insieme l’album di sticker “${title}”.`,
    accept: 'Accetta l’invito qui:',
    signup: 'Non hai ancora un account? Potrai registrarti gratuitamente dopo aver aperto il link.',
  },
  pl: {
    subject: (inviter, title) => `${inviter} zaprasza cię do albumu „${title}”`,
    intro: (inviter, title) =>
      `${inviter} zaprasza cię do wspólnego projektowania albumu z naklejkami „${title}”.`,
    accept: 'Przyjmij zaproszenie tutaj:',
    signup: 'Nie masz jeszcze konta? Po otwarciu linku możesz zarejestrować się za darmo.',
  },
};

export function acceptUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/invitations/${encodeURIComponent(token)}/accept`;
}

/** The mail itself: plain text and the same as simple HTML. */
export function invitationMail(input: {
  to: string;
  albumLanguage: string;
  albumTitle: string;
  inviterEmail: string;
  acceptUrl: string;
}): MailJob {
  const t = TEXTS[languageOf(input.albumLanguage)];
  const intro = t.intro(input.inviterEmail, input.albumTitle);
  const text = [intro, '', t.accept, input.acceptUrl, '', t.signup].join('\n');
  const url = escapeHtml(input.acceptUrl);
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(t.accept)}<br><a href="${url}">${url}</a></p>`,
    `<p style="color:#777;font-size:12px">${escapeHtml(t.signup)}</p>`,
  ].join('\n');
  return { to: input.to, subject: t.subject(input.inviterEmail, input.albumTitle), text, html };
}
