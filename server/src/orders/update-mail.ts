/**
 * The mail staff may send with an order update (SPEC §7 POST /orders/{id}/order_updates `trigger_email`): in the
 * album's language, like every mail about an album, HTML and text, with the update, its message and the
 * tracking link when the update carries a tracking code.
 */
import type { Language, Translations } from '../i18n/languages.ts';
import { type MailJob, escapeHtml } from '../jobs/mail.ts';
import { signalTitle } from './texts.ts';

interface UpdateMailTexts {
  subject(orderName: string, title: string): string;
  intro(orderName: string): string;
  tracking: string;
  orderLink: string;
}

const TEXTS: Translations<UpdateMailTexts> = {
  de: {
    subject: (name, title) => `Deine Bestellung ${name}: ${title}`,
    intro: (name) => `es gibt Neuigkeiten zu deiner Bestellung ${name}:`,
    tracking: 'Sendungsverfolgung',
    orderLink: 'Deine Bestellung ansehen',
  },
  en: {
    subject: (name, title) => `Your order ${name}: ${title}`,
    intro: (name) => `there is news about your order ${name}:`,
    tracking: 'Track your parcel',
    orderLink: 'View your order',
  },
  fr: {
    subject: (name, title) => `Votre commande ${name} : ${title}`,
    intro: (name) => `il y a du nouveau concernant votre commande ${name} :`,
    tracking: 'Suivre votre colis',
    orderLink: 'Voir votre commande',
  },
  it: {
    subject: (name, title) => `Il tuo ordine ${name}: ${title}`,
    intro: (name) => `ci sono novità sul tuo ordine ${name}:`,
    tracking: 'Traccia il pacco',
    orderLink: 'Vedi il tuo ordine',
  },
  pl: {
    subject: (name, title) => `Twoje zamówienie ${name}: ${title}`,
    intro: (name) => `mamy nowe informacje o Twoim zamówieniu ${name}:`,
    tracking: 'Śledź przesyłkę',
    orderLink: 'Zobacz zamówienie',
  },
};

const GREETING: Translations<string> = {
  de: 'Hallo,',
  en: 'Hello,',
  fr: 'Bonjour,',
  it: 'Ciao,',
  pl: 'Dzień dobry,',
};

export function orderUpdateMail(input: {
  to: string;
  language: Language;
  orderName: string;
  orderUrl: string;
  signal: string;
  message: string | null;
  trackingUrl: string | null;
}): MailJob {
  const t = TEXTS[input.language];
  const title = signalTitle(input.signal, input.language);
  const lines = [GREETING[input.language], '', t.intro(input.orderName), title];
  if (input.message) lines.push('', input.message);
  if (input.trackingUrl) lines.push('', `${t.tracking}: ${input.trackingUrl}`);
  lines.push('', `${t.orderLink}: ${input.orderUrl}`);
  const html = [
    `<p>${escapeHtml(GREETING[input.language])}</p>`,
    `<p>${escapeHtml(t.intro(input.orderName))}<br><strong>${escapeHtml(title)}</strong></p>`,
    input.message ? `<p>${escapeHtml(input.message).replace(/\n/g, '<br>')}</p>` : '',
    input.trackingUrl
      ? `<p><a href="${escapeHtml(input.trackingUrl)}">${escapeHtml(t.tracking)}</a></p>`
      : '',
    `<p><a href="${escapeHtml(input.orderUrl)}">${escapeHtml(t.orderLink)}</a></p>`,
  ]
    .filter(Boolean)
    .join('\n');
  return { to: input.to, subject: t.subject(input.orderName, title), text: lines.join('\n'), html };
}
