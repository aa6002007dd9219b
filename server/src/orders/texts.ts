/**
 * The order texts the server answers in the request's language (Accept-Language, fallback en, SPEC §1): field
 * messages of the checkout rules, voucher messages (SPEC §5/§8) and order signal titles (SPEC §4). The language
 * of a request, money and dates come from the server's translation floor (i18n/).
 * Codes stay the contract; these strings are what the form shows beside a field.
 */
import {
  customerMilestoneOf,
  type CheckoutFieldError,
  type CustomerMilestone,
  type QuoteErrorCode,
  type VoucherStatus,
} from '@stickerbook/model';
import type { Language, Translations } from '../i18n/languages.ts';

type FieldCode = CheckoutFieldError | QuoteErrorCode;

const FIELD_MESSAGES: Translations<Record<FieldCode, string>> = {
  de: {
    FIELD_REQUIRED: 'Dieses Feld muss ausgefüllt werden.',
    FIELD_TOO_LONG: 'Dieser Text ist zu lang (höchstens 100 Zeichen).',
    COMPANY_REQUIRED: 'Bitte gib den Namen deines Unternehmens an.',
    CLUB_REQUIRED: 'Bitte gib den Namen deines Vereins an.',
    EMAIL_REQUIRED: 'Bitte gib deine E-Mail-Adresse an.',
    EMAIL_INVALID: 'Diese E-Mail-Adresse ist ungültig.',
    PHONE_REQUIRED: 'Bitte gib deine Telefonnummer an.',
    PHONE_INVALID: 'Die Telefonnummer darf nur Ziffern und Leerzeichen enthalten.',
    PHONE_TOO_LONG: 'Die Telefonnummer darf höchstens 20 Zeichen lang sein.',
    ZIP_INVALID: 'Diese Postleitzahl gibt es im Lieferland so nicht.',
    AREA_CODE_INVALID: 'Diese Vorwahl ist ungültig.',
    COUNTRY_NOT_SUPPORTED: 'In dieses Land können wir leider nicht liefern.',
    ALBUM_COUNT_OUT_OF_RANGE: 'Diese Anzahl an Alben ist für diese Albumart nicht möglich.',
    ALBUM_COUNT_INVALID: 'Diese Anzahl an Alben ist nicht möglich.',
    PRICE_MISSING: 'Für diese Anzahl gibt es keinen Preis.',
    COMMENT_TOO_LONG: 'Die Anmerkungen dürfen höchstens 1000 Zeichen lang sein.',
    PACKAGING_UNKNOWN: 'Bitte wähle eine Verpackung der Sticker.',
    FEATURE_UNKNOWN: 'Diese Zusatzoption gibt es nicht.',
    RELEASE_DATE_REQUIRED: 'Bitte gib das Datum deiner Veranstaltung an.',
    RELEASE_DATE_INVALID: 'Dieses Datum ist ungültig.',
    RELEASE_DATE_IN_PAST: 'Das Datum der Veranstaltung darf nicht in der Vergangenheit liegen.',
    PRINT_CONSENT_REQUIRED: 'Bitte bestätige, dass dein Album so gedruckt werden darf.',
    VAT_ID_INVALID: 'Diese USt-IdNr. hat nicht das Format des Lieferlandes (z. B. ATU12345678).',
    VAT_ID_CHECK_DIGIT: 'Diese USt-IdNr. ist ungültig: Die Prüfziffer stimmt nicht. Bitte prüfe die Eingabe.',
    VAT_ID_COUNTRY_MISMATCH: 'Diese USt-IdNr. gehört zu einem anderen Land als dem Lieferland.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'Für dieses Lieferland können wir keine USt-IdNr. annehmen.',
    VAT_ID_NEEDS_ORGANIZATION: 'Eine USt-IdNr. gehört zu einem Unternehmen: Bitte gib auch dessen Namen an.',
    LEITWEG_ID_INVALID:
      'Eine Leitweg-ID besteht aus Grobadressierung, optionaler Feinadressierung und zwei Prüfziffern, getrennt durch Bindestriche (z. B. 04011000-1234512345-06).',
    LEITWEG_ID_CHECK_DIGIT:
      'Diese Leitweg-ID ist ungültig: Die Prüfziffern stimmen nicht. Bitte prüfe die Eingabe.',
  },
  en: {
    FIELD_REQUIRED: 'This field is required.',
    FIELD_TOO_LONG: 'This text is too long (at most 100 characters).',
    COMPANY_REQUIRED: 'Please enter the name of your company.',
    CLUB_REQUIRED: 'Please enter the name of your club.',
    EMAIL_REQUIRED: 'Please enter your e-mail address.',
    EMAIL_INVALID: 'This e-mail address is invalid.',
    PHONE_REQUIRED: 'Please enter your phone number.',
    PHONE_INVALID: 'The phone number may contain only digits and spaces.',
    PHONE_TOO_LONG: 'The phone number may be at most 20 characters long.',
    ZIP_INVALID: 'This postcode does not exist in that form in the delivery country.',
    AREA_CODE_INVALID: 'This area code is invalid.',
    COUNTRY_NOT_SUPPORTED: 'Sorry, we cannot deliver to this country.',
    ALBUM_COUNT_OUT_OF_RANGE: 'This number of albums is not available for this kind of album.',
    ALBUM_COUNT_INVALID: 'This number of albums is not possible.',
    PRICE_MISSING: 'There is no price for this number of albums.',
    COMMENT_TOO_LONG: 'Your remarks may be at most 1000 characters long.',
    PACKAGING_UNKNOWN: 'Please choose how the stickers are packed.',
    FEATURE_UNKNOWN: 'This extra option does not exist.',
    RELEASE_DATE_REQUIRED: 'Please enter the date of your event.',
    RELEASE_DATE_INVALID: 'This date is invalid.',
    RELEASE_DATE_IN_PAST: 'The date of the event cannot be in the past.',
    PRINT_CONSENT_REQUIRED: 'Please confirm that your album may be printed as it is.',
    VAT_ID_INVALID: 'This VAT id does not have the format of the delivery country (e.g. ATU12345678).',
    VAT_ID_CHECK_DIGIT: 'This VAT id is invalid: its check digit does not match. Please check it.',
    VAT_ID_COUNTRY_MISMATCH: 'This VAT id belongs to another country than the delivery country.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'We cannot take a VAT id for this delivery country.',
    VAT_ID_NEEDS_ORGANIZATION: 'A VAT id belongs to a company: please enter its name too.',
    LEITWEG_ID_INVALID:
      'A Leitweg-ID consists of a coarse address, an optional fine address and two check digits, joined by hyphens (e.g. 04011000-1234512345-06).',
    LEITWEG_ID_CHECK_DIGIT: 'This Leitweg-ID is invalid: its check digits do not match. Please check it.',
  },
  fr: {
    FIELD_REQUIRED: 'Ce champ est obligatoire.',
    FIELD_TOO_LONG: 'Ce texte est trop long (100 caractères au maximum).',
    COMPANY_REQUIRED: 'Veuillez indiquer le nom de votre entreprise.',
    CLUB_REQUIRED: 'Veuillez indiquer le nom de votre club.',
    EMAIL_REQUIRED: 'Veuillez indiquer votre adresse e-mail.',
    EMAIL_INVALID: 'Cette adresse e-mail n’est pas valide.',
    PHONE_REQUIRED: 'Veuillez indiquer votre numéro de téléphone.',
    PHONE_INVALID: 'Le numéro de téléphone ne peut contenir que des chiffres et des espaces.',
    PHONE_TOO_LONG: 'Le numéro de téléphone ne peut pas dépasser 20 caractères.',
    ZIP_INVALID: 'Ce code postal n’existe pas sous cette forme dans le pays de livraison.',
    AREA_CODE_INVALID: 'Cet indicatif n’est pas valide.',
    COUNTRY_NOT_SUPPORTED: 'Désolés, nous ne livrons pas dans ce pays.',
    ALBUM_COUNT_OUT_OF_RANGE: 'Ce nombre d’albums n’est pas possible pour ce type d’album.',
    ALBUM_COUNT_INVALID: 'Ce nombre d’albums n’est pas possible.',
    PRICE_MISSING: 'Il n’y a pas de prix pour ce nombre d’albums.',
    COMMENT_TOO_LONG: 'Vos remarques ne peuvent pas dépasser 1000 caractères.',
    PACKAGING_UNKNOWN: 'Veuillez choisir l’emballage des stickers.',
    FEATURE_UNKNOWN: 'Cette option n’existe pas.',
    RELEASE_DATE_REQUIRED: 'Veuillez indiquer la date de votre événement.',
    RELEASE_DATE_INVALID: 'Cette date n’est pas valide.',
    RELEASE_DATE_IN_PAST: 'La date de l’événement ne peut pas être dans le passé.',
    PRINT_CONSENT_REQUIRED: 'Veuillez confirmer que votre album peut être imprimé tel quel.',
    VAT_ID_INVALID: 'Ce numéro de TVA n’a pas le format du pays de livraison (p. ex. ATU12345678).',
    VAT_ID_CHECK_DIGIT:
      'Ce numéro de TVA n’est pas valide : la clé de contrôle ne correspond pas. Veuillez le vérifier.',
    VAT_ID_COUNTRY_MISMATCH: 'Ce numéro de TVA appartient à un autre pays que le pays de livraison.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'Nous ne pouvons pas accepter de numéro de TVA pour ce pays de livraison.',
    VAT_ID_NEEDS_ORGANIZATION:
      'Un numéro de TVA appartient à une entreprise : veuillez aussi indiquer son nom.',
    LEITWEG_ID_INVALID:
      'Une Leitweg-ID se compose d’une adresse principale, d’une adresse détaillée facultative et de deux chiffres de contrôle, séparés par des tirets (p. ex. 04011000-1234512345-06).',
    LEITWEG_ID_CHECK_DIGIT:
      'Cette Leitweg-ID n’est pas valide : les chiffres de contrôle ne correspondent pas. Veuillez la vérifier.',
  },
  it: {
    FIELD_REQUIRED: 'Questo campo è obbligatorio.',
    FIELD_TOO_LONG: 'Questo testo è troppo lungo (al massimo 100 caratteri).',
    COMPANY_REQUIRED: 'Inserisci il nome della tua azienda.',
    CLUB_REQUIRED: 'Inserisci il nome della tua società sportiva.',
    EMAIL_REQUIRED: 'Inserisci il tuo indirizzo e-mail.',
    EMAIL_INVALID: 'Questo indirizzo e-mail non è valido.',
    PHONE_REQUIRED: 'Inserisci il tuo numero di telefono.',
    PHONE_INVALID: 'Il numero di telefono può contenere solo cifre e spazi.',
    PHONE_TOO_LONG: 'Il numero di telefono può avere al massimo 20 caratteri.',
    ZIP_INVALID: 'Questo codice postale non esiste in questa forma nel paese di consegna.',
    AREA_CODE_INVALID: 'Questo prefisso non è valido.',
    COUNTRY_NOT_SUPPORTED: 'Purtroppo non spediamo in questo paese.',
    ALBUM_COUNT_OUT_OF_RANGE: 'Questo numero di album non è disponibile per questo tipo di album.',
    ALBUM_COUNT_INVALID: 'Questo numero di album non è possibile.',
    PRICE_MISSING: 'Non esiste un prezzo per questo numero di album.',
    COMMENT_TOO_LONG: 'Le note possono avere al massimo 1000 caratteri.',
    PACKAGING_UNKNOWN: 'Scegli come confezionare le figurine.',
    FEATURE_UNKNOWN: 'Questa opzione non esiste.',
    RELEASE_DATE_REQUIRED: 'Inserisci la data del tuo evento.',
    RELEASE_DATE_INVALID: 'Questa data non è valida.',
    RELEASE_DATE_IN_PAST: 'La data dell’evento non può essere nel passato.',
    PRINT_CONSENT_REQUIRED: 'Conferma che il tuo album può essere stampato così com’è.',
    VAT_ID_INVALID: 'Questa partita IVA non ha il formato del paese di consegna (ad es. ATU12345678).',
    VAT_ID_CHECK_DIGIT:
      'Questa partita IVA non è valida: la cifra di controllo non corrisponde. Controllala.',
    VAT_ID_COUNTRY_MISMATCH: 'Questa partita IVA appartiene a un paese diverso da quello di consegna.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'Non possiamo accettare una partita IVA per questo paese di consegna.',
    VAT_ID_NEEDS_ORGANIZATION: 'Una partita IVA appartiene a un’azienda: inserisci anche il suo nome.',
    LEITWEG_ID_INVALID:
      'Una Leitweg-ID è composta da un indirizzo generale, un indirizzo di dettaglio facoltativo e due cifre di controllo, separati da trattini (ad es. 04011000-1234512345-06).',
    LEITWEG_ID_CHECK_DIGIT:
      'Questa Leitweg-ID non è valida: le cifre di controllo non corrispondono. Controllala.',
  },
  pl: {
    FIELD_REQUIRED: 'To pole jest wymagane.',
    FIELD_TOO_LONG: 'Ten tekst jest za długi (maksymalnie 100 znaków).',
    COMPANY_REQUIRED: 'Podaj nazwę swojej firmy.',
    CLUB_REQUIRED: 'Podaj nazwę swojego klubu.',
    EMAIL_REQUIRED: 'Podaj swój adres e-mail.',
    EMAIL_INVALID: 'Ten adres e-mail jest nieprawidłowy.',
    PHONE_REQUIRED: 'Podaj swój numer telefonu.',
    PHONE_INVALID: 'Numer telefonu może zawierać tylko cyfry i spacje.',
    PHONE_TOO_LONG: 'Numer telefonu może mieć maksymalnie 20 znaków.',
    ZIP_INVALID: 'Taki kod pocztowy nie istnieje w kraju dostawy.',
    AREA_CODE_INVALID: 'Ten numer kierunkowy jest nieprawidłowy.',
    COUNTRY_NOT_SUPPORTED: 'Niestety nie dostarczamy do tego kraju.',
    ALBUM_COUNT_OUT_OF_RANGE: 'Ta liczba albumów nie jest dostępna dla tego rodzaju albumu.',
    ALBUM_COUNT_INVALID: 'Ta liczba albumów nie jest możliwa.',
    PRICE_MISSING: 'Dla tej liczby albumów nie ma ceny.',
    COMMENT_TOO_LONG: 'Uwagi mogą mieć maksymalnie 1000 znaków.',
    PACKAGING_UNKNOWN: 'Wybierz sposób pakowania naklejek.',
    FEATURE_UNKNOWN: 'Ta opcja dodatkowa nie istnieje.',
    RELEASE_DATE_REQUIRED: 'Podaj datę swojego wydarzenia.',
    RELEASE_DATE_INVALID: 'Ta data jest nieprawidłowa.',
    RELEASE_DATE_IN_PAST: 'Data wydarzenia nie może być w przeszłości.',
    PRINT_CONSENT_REQUIRED: 'Potwierdź, że album może zostać wydrukowany w tej postaci.',
    VAT_ID_INVALID: 'Ten numer VAT nie ma formatu kraju dostawy (np. ATU12345678).',
    VAT_ID_CHECK_DIGIT: 'Ten numer VAT jest nieprawidłowy: cyfra kontrolna się nie zgadza. Sprawdź go.',
    VAT_ID_COUNTRY_MISMATCH: 'Ten numer VAT należy do innego kraju niż kraj dostawy.',
    VAT_ID_COUNTRY_UNSUPPORTED: 'Dla tego kraju dostawy nie możemy przyjąć numeru VAT.',
    VAT_ID_NEEDS_ORGANIZATION: 'Numer VAT należy do firmy: podaj także jej nazwę.',
    LEITWEG_ID_INVALID:
      'Leitweg-ID składa się z adresu ogólnego, opcjonalnego adresu szczegółowego i dwóch cyfr kontrolnych, oddzielonych łącznikami (np. 04011000-1234512345-06).',
    LEITWEG_ID_CHECK_DIGIT:
      'Ten Leitweg-ID jest nieprawidłowy: cyfry kontrolne się nie zgadzają. Sprawdź go.',
  },
};

export function fieldMessage(code: FieldCode, language: Language): string {
  return FIELD_MESSAGES[language][code];
}

const VOUCHER_MESSAGES: Record<
  Language,
  Record<Exclude<VoucherStatus, 'valid'>, (minimum: string) => string>
> = {
  de: {
    invalid: () => 'Dieser Gutscheincode ist ungültig.',
    inactive: () => 'Dieser Gutschein ist nicht mehr aktiv.',
    taken: () => 'Dieser Gutschein wurde bereits eingelöst.',
    below_minimum_amount: (minimum) => `Dieser Gutschein gilt erst ab einem Bestellwert von ${minimum}.`,
  },
  en: {
    invalid: () => 'This voucher code is invalid.',
    inactive: () => 'This voucher is no longer active.',
    taken: () => 'This voucher has already been used.',
    below_minimum_amount: (minimum) => `This voucher applies only to orders of ${minimum} or more.`,
  },
  fr: {
    invalid: () => 'Ce code de bon n’est pas valide.',
    inactive: () => 'Ce bon n’est plus actif.',
    taken: () => 'Ce bon a déjà été utilisé.',
    below_minimum_amount: (minimum) => `Ce bon n’est valable qu’à partir d’une commande de ${minimum}.`,
  },
  it: {
    invalid: () => 'Questo codice buono non è valido.',
    inactive: () => 'Questo buono non è più attivo.',
    taken: () => 'Questo buono è già stato utilizzato.',
    below_minimum_amount: (minimum) => `Questo buono vale solo per ordini a partire da ${minimum}.`,
  },
  pl: {
    invalid: () => 'Ten kod bonu jest nieprawidłowy.',
    inactive: () => 'Ten bon nie jest już aktywny.',
    taken: () => 'Ten bon został już wykorzystany.',
    below_minimum_amount: (minimum) => `Ten bon obowiązuje dopiero od wartości zamówienia ${minimum}.`,
  },
};

export function voucherMessage(status: VoucherStatus, language: Language, minimum: string): string | null {
  return status === 'valid' ? null : VOUCHER_MESSAGES[language][status](minimum);
}

const SIGNAL_TITLES: Translations<Record<string, string>> = {
  de: {
    order_placed: 'Bestellung eingegangen',
    line_items_changed: 'Positionen geändert',
    print_approved: 'Druckfreigabe erteilt',
    accepted: 'Bestellung angenommen',
    rejected: 'Bestellung abgelehnt',
    review_feedback: 'Feedback zum Design',
    review_completed: 'Designprüfung abgeschlossen',
    export_started: 'Export gestartet',
    export_completed: 'Export abgeschlossen',
    export_failed: 'Export fehlgeschlagen',
    customer_account_deleted: 'Kundenkonto gelöscht (Bestellung und Rechnungen bleiben aufbewahrt)',
    transfer_started: 'Übertragung an die Druckerei gestartet',
    transfer_completed: 'An die Druckerei übertragen',
    transfer_failed: 'Übertragung an die Druckerei fehlgeschlagen',
    invoice_created: 'Rechnung erstellt',
    credit_note_created: 'Gutschrift erstellt',
    order_changed: 'Bestellung geändert',
    production_started: 'Produktion gestartet',
    albums_shipped: 'Alben versendet',
    shipment_created: 'Sendung angelegt',
    shipped: 'Versendet',
  },
  en: {
    order_placed: 'Order received',
    line_items_changed: 'Line items changed',
    print_approved: 'Approved for print',
    accepted: 'Order accepted',
    rejected: 'Order rejected',
    review_feedback: 'Design feedback',
    review_completed: 'Design check completed',
    export_started: 'Export started',
    export_completed: 'Export completed',
    export_failed: 'Export failed',
    customer_account_deleted: 'Customer account deleted (order and invoices kept for retention)',
    transfer_started: 'Transfer to the print shop started',
    transfer_completed: 'Sent to the print shop',
    transfer_failed: 'Transfer to the print shop failed',
    invoice_created: 'Invoice created',
    credit_note_created: 'Credit note issued',
    order_changed: 'Order changed',
    production_started: 'Production started',
    albums_shipped: 'Albums shipped',
    shipment_created: 'Shipment created',
    shipped: 'Shipped',
  },
  fr: {
    order_placed: 'Commande reçue',
    line_items_changed: 'Lignes de commande modifiées',
    print_approved: 'Bon à tirer donné',
    accepted: 'Commande acceptée',
    rejected: 'Commande refusée',
    review_feedback: 'Retour sur la maquette',
    review_completed: 'Vérification de la maquette terminée',
    export_started: 'Export lancé',
    export_completed: 'Export terminé',
    export_failed: 'Échec de l’export',
    customer_account_deleted: 'Compte client supprimé (commande et factures conservées)',
    transfer_started: 'Envoi à l’imprimerie lancé',
    transfer_completed: 'Envoyé à l’imprimerie',
    transfer_failed: 'Échec de l’envoi à l’imprimerie',
    invoice_created: 'Facture créée',
    credit_note_created: 'Avoir émis',
    order_changed: 'Commande modifiée',
    production_started: 'Production lancée',
    albums_shipped: 'Albums expédiés',
    shipment_created: 'Envoi créé',
    shipped: 'Expédié',
  },
  it: {
    order_placed: 'Ordine ricevuto',
    line_items_changed: "Voci dell'ordine modificate",
    print_approved: 'Approvato per la stampa',
    accepted: 'Ordine accettato',
    rejected: 'Ordine rifiutato',
    review_feedback: 'Feedback sul design',
    review_completed: 'Controllo del design completato',
    export_started: 'Esportazione avviata',
    export_completed: 'Esportazione completata',
    export_failed: 'Esportazione non riuscita',
    customer_account_deleted: 'Account cliente eliminato (ordine e fatture conservati)',
    transfer_started: 'Invio alla tipografia avviato',
    transfer_completed: 'Inviato alla tipografia',
    transfer_failed: 'Invio alla tipografia non riuscito',
    invoice_created: 'Fattura creata',
    credit_note_created: 'Nota di credito emessa',
    order_changed: 'Ordine modificato',
    production_started: 'Produzione avviata',
    albums_shipped: 'Album spediti',
    shipment_created: 'Spedizione creata',
    shipped: 'Spedito',
  },
  pl: {
    order_placed: 'Zamówienie przyjęte',
    line_items_changed: 'Zmieniono pozycje zamówienia',
    print_approved: 'Zatwierdzono do druku',
    accepted: 'Zamówienie zaakceptowane',
    rejected: 'Zamówienie odrzucone',
    review_feedback: 'Uwagi do projektu',
    review_completed: 'Sprawdzanie projektu zakończone',
    export_started: 'Eksport rozpoczęty',
    export_completed: 'Eksport zakończony',
    export_failed: 'Eksport nie powiódł się',
    customer_account_deleted: 'Konto klienta usunięte (zamówienie i faktury zachowane)',
    transfer_started: 'Rozpoczęto przekazywanie do drukarni',
    transfer_completed: 'Przekazano do drukarni',
    transfer_failed: 'Przekazanie do drukarni nie powiodło się',
    invoice_created: 'Faktura wystawiona',
    credit_note_created: 'Wystawiono fakturę korygującą',
    order_changed: 'Zmieniono zamówienie',
    production_started: 'Produkcja rozpoczęta',
    albums_shipped: 'Albumy wysłane',
    shipment_created: 'Przesyłka utworzona',
    shipped: 'Wysłano',
  },
};

export function signalTitle(signal: string, language: Language): string {
  return SIGNAL_TITLES[language][signal] ?? signal;
}

/**
 * The customer's milestones (issue 22 item 6), as the customer reads them: a step the shop takes internally reads
 * as the milestone it reaches ("Bestellung angenommen" is "In Prüfung" for the customer).
 */
const MILESTONE_TITLES: Translations<Record<CustomerMilestone, string>> = {
  de: {
    received: 'Bestellung eingegangen',
    in_review: 'In Prüfung',
    approved: 'Freigegeben',
    in_production: 'In Produktion',
    shipped: 'Versendet',
    invoice: 'Rechnung erstellt',
  },
  en: {
    received: 'Order received',
    in_review: 'In review',
    approved: 'Approved',
    in_production: 'In production',
    shipped: 'Shipped',
    invoice: 'Invoice issued',
  },
  fr: {
    received: 'Commande reçue',
    in_review: 'En cours de vérification',
    approved: 'Validée',
    in_production: 'En production',
    shipped: 'Expédiée',
    invoice: 'Facture émise',
  },
  it: {
    received: 'Ordine ricevuto',
    in_review: 'In verifica',
    approved: 'Approvato',
    in_production: 'In produzione',
    shipped: 'Spedito',
    invoice: 'Fattura emessa',
  },
  pl: {
    received: 'Zamówienie przyjęte',
    in_review: 'W trakcie weryfikacji',
    approved: 'Zatwierdzone',
    in_production: 'W produkcji',
    shipped: 'Wysłane',
    invoice: 'Faktura wystawiona',
  },
};

/** How the customer reads a signal: its milestone's title (a credit note keeps its own); undefined: staff only. */
export function customerSignalTitle(signal: string, language: Language): string | undefined {
  const milestone = customerMilestoneOf(signal);
  if (!milestone) return undefined;
  if (signal === 'credit_note_created') return signalTitle(signal, language);
  return MILESTONE_TITLES[language][milestone];
}

/** The carrier our parcels go with (tracking.ts links DHL's tracking page). */
const CARRIER = 'DHL';

const SHIPPED_WITH: Translations<(carrier: string) => string> = {
  de: (carrier) => `Versendet mit ${carrier}`,
  en: (carrier) => `Shipped with ${carrier}`,
  fr: (carrier) => `Expédiée avec ${carrier}`,
  it: (carrier) => `Spedito con ${carrier}`,
  pl: (carrier) => `Wysłane przez ${carrier}`,
};

/** The shipped milestone with its carrier, when the update carries a tracking code. */
export function shippedWithCarrier(language: Language): string {
  return SHIPPED_WITH[language](CARRIER);
}

const OUT_OF_ORDER: Record<
  Language,
  {
    missing: (signal: string, steps: string, many: boolean) => string;
    later: (signal: string, steps: string, many: boolean) => string;
    and: string;
    quote: (title: string) => string;
  }
> = {
  de: {
    missing: (signal, steps, many) =>
      `${signal} kommt erst nach ${steps}; ${many ? 'die fehlen' : 'das fehlt'} noch.`,
    later: (signal, steps, many) =>
      `${signal} kommt vor ${steps}; ${many ? 'die stehen' : 'das steht'} schon in der Zeitleiste.`,
    and: 'und',
    quote: (title) => `„${title}“`,
  },
  en: {
    missing: (signal, steps, many) =>
      `${signal} comes after ${steps}, which ${many ? 'are' : 'is'} still missing.`,
    later: (signal, steps, many) =>
      `${signal} comes before ${steps}, which ${many ? 'are' : 'is'} already on the timeline.`,
    and: 'and',
    quote: (title) => `“${title}”`,
  },
  fr: {
    missing: (signal, steps, many) =>
      `${signal} vient après ${steps}, qui ${many ? 'manquent' : 'manque'} encore.`,
    later: (signal, steps, many) =>
      `${signal} vient avant ${steps}, ${many ? 'déjà présents' : 'déjà présent'} dans l’historique.`,
    and: 'et',
    quote: (title) => `« ${title} »`,
  },
  it: {
    missing: (signal, steps, many) =>
      `${signal} viene dopo ${steps}, che ${many ? 'mancano' : 'manca'} ancora.`,
    later: (signal, steps, many) =>
      `${signal} viene prima di ${steps}, ${many ? 'già presenti' : 'già presente'} nella cronologia.`,
    and: 'e',
    quote: (title) => `«${title}»`,
  },
  pl: {
    missing: (signal, steps, many) =>
      `${signal} następuje po ${steps}, a ${many ? 'tych' : 'tego'} jeszcze brakuje.`,
    later: (signal, steps, many) =>
      `${signal} następuje przed ${steps}, a ${many ? 'te są' : 'to jest'} już na osi czasu.`,
    and: 'i',
    quote: (title) => `„${title}”`,
  },
};

/** Why a staff signal is out of SPEC §4's order, in the admin's language. */
export function signalOutOfOrderReason(
  signal: string,
  outOfOrder: { missing: readonly string[]; later: readonly string[] },
  language: Language,
): string {
  const texts = OUT_OF_ORDER[language];
  const list = (signals: readonly string[]) => {
    const titles = signals.map((step) => texts.quote(signalTitle(step, language)));
    return titles.length > 1 ? `${titles.slice(0, -1).join(', ')} ${texts.and} ${titles.at(-1)}` : titles[0]!;
  };
  const title = texts.quote(signalTitle(signal, language));
  return outOfOrder.missing.length > 0
    ? texts.missing(title, list(outOfOrder.missing), outOfOrder.missing.length > 1)
    : texts.later(title, list(outOfOrder.later), outOfOrder.later.length > 1);
}
