/**
 * Account activation (SPEC §2/§7 /profile/activate, issue 22): sign-up mails a link that proves the new account
 * reads the address it signed up with. Until then nothing that is meant for that address is shown to the account:
 * invitations in particular (whoever signed up first with an invited address used to see and accept them).
 * The mail goes out through the mail job like every other mail, in the account's language.
 */
import type { AppContext } from '../context.ts';
import { languageOf, type Translations } from '../i18n/languages.ts';
import { queueMail, type MailJob, escapeHtml } from '../jobs/mail.ts';
import { jobSender } from '../jobs/sender.ts';

interface ActivationText {
  subject: string;
  intro: string;
  action: string;
  ignore: string;
}

const TEXTS: Translations<ActivationText> = {
  de: {
    subject: 'Bitte bestätige deine E-Mail-Adresse für Stickerbook',
    intro: 'Willkommen bei Stickerbook! Bitte bestätige, dass diese E-Mail-Adresse dir gehört.',
    action: 'Hier bestätigen (der Link gilt 14 Tage):',
    ignore: 'Du hast dich nicht registriert? Dann kannst du diese E-Mail ignorieren.',
  },
  en: {
    subject: 'Please confirm your e-mail address for Stickerbook',
    intro: 'Welcome to Stickerbook! Please confirm that this e-mail address is yours.',
    action: 'Confirm here (the link works for 14 days):',
    ignore: 'You did not sign up? Then you can ignore this e-mail.',
  },
  fr: {
    subject: 'Veuillez confirmer votre adresse e-mail pour Stickerbook',
    intro: 'Bienvenue sur Stickerbook ! Veuillez confirmer que cette adresse e-mail vous appartient.',
    action: 'Confirmez ici (le lien est valable 14 jours) :',
    ignore: 'Vous ne vous êtes pas inscrit ? Vous pouvez ignorer cet e-mail.',
  },
  it: {
    subject: 'Conferma il tuo indirizzo e-mail per Stickerbook',
    intro: 'Benvenuto su Stickerbook! Conferma che questo indirizzo e-mail è tuo.',
    action: 'Conferma qui (il link vale 14 giorni):',
    ignore: 'Non ti sei registrato? Puoi ignorare questa e-mail.',
  },
  pl: {
    subject: 'Potwierdź swój adres e-mail w Stickerbook',
    intro: 'Witamy w Stickerbook! Potwierdź, że ten adres e-mail należy do ciebie.',
    action: 'Potwierdź tutaj (link jest ważny 14 dni):',
    ignore: 'Nie rejestrowałeś się? Możesz zignorować tę wiadomość.',
  },
};

function activationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/profile/activate?token=${encodeURIComponent(token)}`;
}

function activationMail(input: { to: string; language: string | null; url: string }): MailJob {
  const t = TEXTS[languageOf(input.language)];
  const url = escapeHtml(input.url);
  return {
    to: input.to,
    subject: t.subject,
    text: [t.intro, '', t.action, input.url, '', t.ignore].join('\n'),
    html: [
      `<p>${escapeHtml(t.intro)}</p>`,
      `<p>${escapeHtml(t.action)}<br><a href="${url}">${url}</a></p>`,
      `<p style="color:#777;font-size:12px">${escapeHtml(t.ignore)}</p>`,
    ].join('\n'),
  };
}

/** Queues the activation mail of an account. */
export async function sendActivationMail(
  ctx: AppContext,
  user: { id: string; email: string; locale: string | null },
): Promise<void> {
  const token = await ctx.tokens.signActivation(user);
  const mail = activationMail({
    to: user.email,
    language: user.locale,
    url: activationUrl(ctx.config.publicUrl, token),
  });
  await queueMail(jobSender(ctx.database), mail);
}
