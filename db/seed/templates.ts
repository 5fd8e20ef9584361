import type { templates } from '../schema';
import { ENGLISH, GERMAN, ITALIAN } from './people';

type TemplateRow = Omit<typeof templates.$inferInsert, 'campingId'>;

/** Four quote e-mails: Italian, German, English and the Italian reminder (isReminder). */
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
  ];
}
