import type { templates } from '../schema';
import { ENGLISH, GERMAN, ITALIAN } from './people';

const FRENCH = 4;
const DUTCH = 5;

/** The newsletter templates: a greeting that reads well with or without a name, the campsite, how to reach it. */
const NEWSLETTERS: [number, string, string[]][] = [
  [
    ITALIAN,
    'Newsletter – novità della stagione',
    [
      '<p>Ciao {{nome}},</p>',
      '<p>la nuova stagione a {{campeggio}} è alle porte: piazzole rinnovate, nuove case mobili e le offerte riservate a chi prenota per primo.</p>',
      '<p>Per informazioni e prenotazioni scrivici a {{emailCampeggio}} o chiamaci al {{telefonoCampeggio}}.</p>',
      '<p>A presto,<br>lo staff di {{campeggio}}</p>',
    ],
  ],
  [
    GERMAN,
    'Newsletter – Neuigkeiten der Saison',
    [
      '<p>Hallo {{nome}},</p>',
      '<p>die neue Saison im {{campeggio}} steht vor der Tür: erneuerte Stellplätze, neue Mobilheime und Angebote für alle, die früh buchen.</p>',
      '<p>Schreiben Sie uns an {{emailCampeggio}} oder rufen Sie uns an: {{telefonoCampeggio}}.</p>',
      '<p>Bis bald,<br>Ihr Team von {{campeggio}}</p>',
    ],
  ],
  [
    ENGLISH,
    'Newsletter – news of the season',
    [
      '<p>Hello {{nome}},</p>',
      '<p>the new season at {{campeggio}} is almost here: renewed pitches, new mobile homes and offers for those who book first.</p>',
      '<p>Write to us at {{emailCampeggio}} or call us on {{telefonoCampeggio}}.</p>',
      '<p>See you soon,<br>the {{campeggio}} team</p>',
    ],
  ],
  [
    DUTCH,
    'Nieuwsbrief – nieuws van het seizoen',
    [
      '<p>Hallo {{nome}},</p>',
      '<p>het nieuwe seizoen op {{campeggio}} staat voor de deur: vernieuwde plaatsen, nieuwe stacaravans en aanbiedingen voor wie als eerste boekt.</p>',
      '<p>Schrijf ons op {{emailCampeggio}} of bel ons op {{telefonoCampeggio}}.</p>',
      '<p>Tot snel,<br>het team van {{campeggio}}</p>',
    ],
  ],
  [
    FRENCH,
    'Newsletter – nouveautés de la saison',
    [
      '<p>Bonjour {{nome}},</p>',
      '<p>la nouvelle saison au {{campeggio}} approche : emplacements rénovés, nouveaux mobil-homes et offres pour ceux qui réservent les premiers.</p>',
      '<p>Écrivez-nous à {{emailCampeggio}} ou appelez-nous au {{telefonoCampeggio}}.</p>',
      '<p>À bientôt,<br>l’équipe du {{campeggio}}</p>',
    ],
  ],
];

type TemplateRow = Omit<typeof templates.$inferInsert, 'campingId'>;

/**
 * Three quote e-mails (Italian, German, English) and a reminder (isReminder) in each: a guest gets
 * a reminder in their language, else in English, never in Italian or another foreign language.
 * Then a newsletter in each guest language, holding only the placeholders a newsletter can fill.
 */
export function demoTemplates(reminderDays: number): TemplateRow[] {
  return [
    {
      name: 'Preventivo standard',
      languageId: ITALIAN,
      note: 'Modello predefinito per i preventivi in italiano.',
      html: [
        '<p>Gentile {{nome}},</p>',
        '<p>grazie per averci contattato! Abbiamo preparato per lei una proposta per il soggiorno con arrivo il {{arrivo}}.</p>',
        '<p>Può consultare il preventivo e confermarlo con un clic: <a href="{{linkPreventivo}}">vedi il preventivo</a>.</p>',
        '<p>A presto,<br>lo staff di {{campeggio}}</p>',
      ].join('\n'),
    },
    {
      name: 'Angebot Standard (Deutsch)',
      languageId: GERMAN,
      note: 'Modello per gli ospiti di lingua tedesca.',
      html: [
        '<p>Hallo {{nome}},</p>',
        '<p>vielen Dank für Ihre Anfrage! Gerne senden wir Ihnen unser Angebot für Ihre Anreise am {{arrivo}}.</p>',
        '<p>Hier können Sie das Angebot ansehen und mit einem Klick bestätigen: <a href="{{linkPreventivo}}">Angebot ansehen</a>.</p>',
        '<p>Herzliche Grüße<br>Ihr Team von {{campeggio}}</p>',
      ].join('\n'),
    },
    {
      name: 'Standard quote (English)',
      languageId: ENGLISH,
      note: "Modello per gli ospiti che non parlano italiano né tedesco.",
      html: [
        '<p>Dear {{nome}},</p>',
        '<p>thank you for your enquiry! Please find our offer for your stay arriving on {{arrivo}}.</p>',
        '<p>You can view the quote and confirm it with one click: <a href="{{linkPreventivo}}">view your quote</a>.</p>',
        '<p>Kind regards,<br>the {{campeggio}} team</p>',
      ].join('\n'),
    },
    {
      name: 'Sollecito preventivo',
      languageId: ITALIAN,
      isReminder: true,
      note: `Inviato ${reminderDays} giorni dopo l'invio se il preventivo non è ancora stato accettato.`,
      html: [
        '<p>Gentile {{nome}},</p>',
        '<p>le ricordiamo che il preventivo per il soggiorno con arrivo il {{arrivo}} è ancora disponibile, ma le ultime sistemazioni per quelle date si stanno esaurendo.</p>',
        '<p><a href="{{linkPreventivo}}">Confermi ora il suo preventivo</a></p>',
        '<p>Per qualsiasi domanda siamo a sua disposizione.<br>{{campeggio}}</p>',
      ].join('\n'),
    },
    {
      name: 'Erinnerung (Deutsch)',
      languageId: GERMAN,
      isReminder: true,
      note: `Sollecito per gli ospiti di lingua tedesca, ${reminderDays} giorni dopo l'invio.`,
      html: [
        '<p>Hallo {{nome}},</p>',
        '<p>unser Angebot für Ihre Anreise am {{arrivo}} steht noch für Sie bereit – die letzten Unterkünfte für diese Tage sind aber bald vergeben.</p>',
        '<p><a href="{{linkPreventivo}}">Jetzt das Angebot bestätigen</a></p>',
        '<p>Bei Fragen sind wir gerne für Sie da.<br>{{campeggio}}</p>',
      ].join('\n'),
    },
    {
      name: 'Reminder (English)',
      languageId: ENGLISH,
      isReminder: true,
      note: `Sollecito per gli ospiti stranieri che non parlano tedesco, ${reminderDays} giorni dopo l'invio.`,
      html: [
        '<p>Dear {{nome}},</p>',
        '<p>your quote for the stay arriving on {{arrivo}} is still available, but the last places for those dates are going fast.</p>',
        '<p><a href="{{linkPreventivo}}">Confirm your quote now</a></p>',
        '<p>If you have any questions, we are happy to help.<br>{{campeggio}}</p>',
      ].join('\n'),
    },
    ...NEWSLETTERS.map(([languageId, name, html]) => ({ name, languageId, purpose: 'newsletter' as const, note: 'Modello per la newsletter della procedura guidata.', html: html.join('\n') })),
  ];
}
