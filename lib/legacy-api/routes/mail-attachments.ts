import { AppError } from '@/lib/errors';
import { uploadBodyLimit } from '@/lib/http/body-limit';
import { addAttachment, deleteAttachment, listAttachments, MAX_ATTACHMENT_BYTES } from '@/lib/mail/attachments';
import { z } from '@/lib/validation';
import { endpoint, type Endpoint } from '../endpoint';
import { legacyAttachmentSchema, toLegacyAttachment } from '../shapes/mail';
import { blankToUndefined, id, optionalId } from '@/lib/vocabulary/mail-fields';
import { MAIL_GROUP as group, SERVICE_ACCOUNTS } from './mail';

const fileSchema = z.instanceof(File, { message: 'Il file deve essere inviato come multipart/form-data' });
const base64Limit = Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 200;
const addAttachmentBody = z.object({
  file: fileSchema.optional(),
  data: z
    .string('data deve essere un testo base64')
    .max(base64Limit, 'L’allegato supera il limite di 10 MB.')
    .transform((value) => value.replace(/^data:[^,]*,/, '').replace(/\s+/g, ''))
    .refine((value) => /^[A-Za-z0-9+/_-]*={0,2}$/.test(value), 'data non è un testo base64 valido')
    .optional(),
  fileName: z.preprocess(blankToUndefined, z.string('Nome del file non valido').trim().max(255, 'Nome del file troppo lungo').optional()),
  name: z.preprocess(blankToUndefined, z.string('Nome del file non valido').trim().max(255, 'Nome del file troppo lungo').optional()),
  mimeType: z.preprocess(blankToUndefined, z.string('Tipo di file non valido').trim().max(255, 'Tipo di file non valido').optional()),
  type: z.preprocess(blankToUndefined, z.string('Tipo di file non valido').trim().max(255, 'Tipo di file non valido').optional()),
  idPreventivo: optionalId('Preventivo'),
  idMail: optionalId('E-mail'),
});

/** allegati: files for a quote or a mail, uploaded before sending. */
export const mailAttachmentRoutes: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/allegati/addAllegato',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary:
      'Carica un allegato: multipart («file») o JSON con «data» in base64, fileName e mimeType; fino a 10 MB, niente programmi o script. Facoltativi idPreventivo e idMail del campeggio. Risponde i dati dell’allegato (_id da passare in allegati a /sendMail).',
    body: addAttachmentBody,
    bodyLimit: uploadBodyLimit(MAX_ATTACHMENT_BYTES),
    response: legacyAttachmentSchema,
    handler: async (ctx, { body }) => {
      const file = body.file;
      if (file && file.size > MAX_ATTACHMENT_BYTES) throw new AppError('bad_request', 'L’allegato supera il limite di 10 MB.');
      const bytes = file ? new Uint8Array(await file.arrayBuffer()) : body.data !== undefined ? new Uint8Array(Buffer.from(body.data, 'base64')) : null;
      if (!bytes) throw new AppError('bad_request', 'Nessun file ricevuto: invia «file» (multipart) oppure «data» (base64).');
      const info = await addAttachment(ctx, {
        bytes,
        fileName: body.fileName || body.name || file?.name || 'allegato',
        mimeType: body.mimeType || body.type || file?.type || null,
        quoteId: body.idPreventivo,
        mailTraceId: body.idMail,
      });
      return toLegacyAttachment(info);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/allegati/getAllegati/{id}',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: 'Gli allegati (senza contenuto) di un preventivo o di un’e-mail del campeggio, dal più recente; 404 se l’id non è né un preventivo né un’e-mail del campeggio.',
    params: z.object({ id: id('Id') }),
    response: z.array(legacyAttachmentSchema),
    handler: async (ctx, { params }) => (await listAttachments(ctx, params.id)).map(toLegacyAttachment),
  }),
  endpoint({
    method: 'POST',
    path: '/allegati/deleteAllegato/{id}',
    auth: 'bearer',
    packLevel: SERVICE_ACCOUNTS,
    group,
    summary: 'Elimina un allegato del campeggio; 404 se non esiste, 409 finché un’e-mail in coda lo contiene.',
    params: z.object({ id: id('Allegato') }),
    response: z.object({ ok: z.literal(true), _id: z.string() }),
    handler: async (ctx, { params }) => {
      const deleted = await deleteAttachment(ctx, params.id);
      return { ok: true, _id: deleted.id };
    },
  }),
];
