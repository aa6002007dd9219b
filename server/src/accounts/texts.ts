/** The account mails (issue 24), in the account's language, as auth/activation.ts writes its own. */
import { languageOf, type Translations } from '../i18n/languages.ts';
import { escapeHtml, type MailJob } from '../jobs/mail.ts';

interface ExportReadyText {
  subject: string;
  body: string;
  action: string;
  keep: string;
}

const EXPORT_READY: Translations<ExportReadyText> = {
  de: {
    subject: 'Deine Daten bei Stickerbook stehen zum Download bereit',
    body: 'Die Zusammenstellung deiner Daten (Konto, Alben mit Bildern, Bestellungen und Rechnungen) ist fertig.',
    action: 'Du kannst sie in deinem Profil herunterladen:',
    keep: 'Aus Sicherheitsgründen ist der Download nur angemeldet in deinem Profil möglich.',
  },
  en: {
    subject: 'Your Stickerbook data is ready to download',
    body: 'The copy of your data (account, albums with their images, orders and invoices) is ready.',
    action: 'You can download it from your profile:',
    keep: 'For your security the download only works from your profile while you are logged in.',
  },
  fr: {
    subject: 'Vos données Stickerbook sont prêtes à être téléchargées',
    body: 'La copie de vos données (compte, albums avec leurs images, commandes et factures) est prête.',
    action: 'Vous pouvez la télécharger depuis votre profil :',
    keep: 'Pour votre sécurité, le téléchargement ne fonctionne que depuis votre profil, une fois connecté.',
  },
  it: {
    subject: 'I tuoi dati Stickerbook sono pronti per il download',
    body: 'La copia dei tuoi dati (account, album con le immagini, ordini e fatture) è pronta.',
    action: 'Puoi scaricarla dal tuo profilo:',
    keep: 'Per la tua sicurezza il download funziona solo dal tuo profilo, dopo aver effettuato l’accesso.',
  },
  pl: {
    subject: 'Twoje dane w Stickerbook są gotowe do pobrania',
    body: 'Kopia twoich danych (konto, albumy ze zdjęciami, zamówienia i faktury) jest gotowa.',
    action: 'Możesz ją pobrać w swoim profilu:',
    keep: 'Ze względów bezpieczeństwa pobieranie działa tylko w profilu po zalogowaniu.',
  },
};

export function exportReadyMail(input: { to: string; language: string | null; profileUrl: string }): MailJob {
  const t = EXPORT_READY[languageOf(input.language)];
  const url = escapeHtml(input.profileUrl);
  return {
    to: input.to,
    subject: t.subject,
    text: [t.body, '', t.action, input.profileUrl, '', t.keep].join('\n'),
    html: [
      `<p>${escapeHtml(t.body)}</p>`,
      `<p>${escapeHtml(t.action)}<br><a href="${url}">${url}</a></p>`,
      `<p style="color:#777;font-size:12px">${escapeHtml(t.keep)}</p>`,
    ].join('\n'),
  };
}
