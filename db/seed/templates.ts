import type { templates } from '../schema';
import { ENGLISH, GERMAN, ITALIAN } from './people';

type TemplateRow = Omit<typeof templates.$inferInsert, 'campingId'>;

/**
 * Three quote e-mails (Italian, German, English) and a reminder (isReminder) in each: a guest gets
 * a reminder in their language, else in English, never in Italian or another foreign language.
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
  ];
}
