'use client';

import { Alert, Button, Checkbox, Group, Loader, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState, useTransition } from 'react';
import { addQuoteAttachmentAction, previewQuoteMailAction, removeQuoteAttachmentAction, sendQuoteMailAction } from '@/app/(staff)/preventivi/mail-actions';
import type { QuoteMailTemplate as TemplateChoice } from '@/lib/workflows/quote-mail-panel';
import { AttachmentList, type Attached } from './attachment-list';
import { MailFrame } from './mail-frame';

/** `initiallyOpen`: the page was asked for the mail's preview (an old …/:mailPreview link). */
type Props = {
  quoteId: string;
  guestEmail: string | null;
  templates: TemplateChoice[];
  /** The template the dialog opens with (loadQuoteMailPanel): none when no template is in the guest's language or, for a foreign guest, in English. */
  suggestedTemplateId: string | null;
  /** The guest's language, named in itself ('Nederlands'). */
  guestLanguageName: string | null;
  captured: boolean;
  initiallyOpen?: boolean;
};
type Preview = { to: string; subject: string; html: string };

/** "Invia per e-mail": pick a template (the guest's language first), see the filled mail, send. */
export function SendQuoteDialog({ quoteId, guestEmail, templates, suggestedTemplateId, guestLanguageName, captured, initiallyOpen = false }: Props) {
  const t = useTranslations('mail.send');
  const router = useRouter();
  const phone = useMediaQuery('(max-width: 48em)');
  const canSend = Boolean(guestEmail) && templates.length > 0;
  const [open, setOpen] = useState(initiallyOpen && canSend);
  // Never another language's template by default: a Dutch guest gets the Dutch one, else the English one, else the staff choose.
  const [templateId, setTemplateId] = useState<string | null>(templates.some((item) => item.id === suggestedTemplateId) ? suggestedTemplateId : null);
  const chosen = templates.find((item) => item.id === templateId) ?? null;
  const [subject, setSubject] = useState('');
  const [debouncedSubject] = useDebouncedValue(subject, 400);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [sending, startSending] = useTransition();
  const [attachments, setAttachments] = useState<Attached[]>([]);
  // Off at each opening, not remembered: the PDF makes the mail heavier and repeats what the link
  // shows, so it goes only when the staff choose it for this guest (one who prints, or asked for it).
  const [attachPdf, setAttachPdf] = useState(false);
  // One id per opening of the dialog: a double click or a retried request sends one mail.
  const [requestId, setRequestId] = useState(() => (initiallyOpen && canSend ? crypto.randomUUID() : ''));

  const groups = useMemo(() => {
    const entry = (item: TemplateChoice) => ({ value: item.id, label: `${item.name}${item.language ? ` · ${item.language}` : ''}${item.isReminder ? ` · ${t('reminderTag')}` : ''}` });
    const own = templates.filter((item) => item.guestLanguage).map(entry);
    const others = templates.filter((item) => !item.guestLanguage).map(entry);
    return [...(own.length ? [{ group: t('guestLanguage'), items: own }] : []), ...(others.length ? [{ group: t('otherLanguages'), items: others }] : [])];
  }, [templates, t]);

  useEffect(() => {
    if (!open || !templateId) return;
    let current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the spinner of the preview request this effect starts; the answer clears it
    setLoading(true);
    previewQuoteMailAction({ quoteId, templateId, subject: debouncedSubject || undefined }).then((answer) => {
      if (!current) return;
      setLoading(false);
      if (answer.ok) {
        setPreview(answer.data);
        setError(null);
      } else setError(answer.error);
    });
    return () => {
      current = false;
    };
  }, [open, templateId, debouncedSubject, quoteId]);

  const openDialog = () => {
    setRequestId(crypto.randomUUID());
    setAttachPdf(false);
    setOpen(true);
  };

  const send = () =>
    startSending(async () => {
      if (!templateId) return;
      const answer = await sendQuoteMailAction({ quoteId, templateId, subject: subject || undefined, attachmentIds: attachments.map((file) => file.id), attachPdf, requestId });
      if (!answer.ok) return setError(answer.error);
      notifications.show({ color: 'teal', title: captured ? t('capturedTitle') : t('sentTitle'), message: t('sentMessage', { to: preview?.to ?? guestEmail ?? '' }) });
      setOpen(false);
      setAttachments([]);
      router.refresh();
    });

  return (
    <>
      <Button leftSection={<IconMail size={16} aria-hidden />} onClick={openDialog} disabled={!canSend}>
        {t('open')}
      </Button>
      {!guestEmail && <Text size="sm" c="dimmed">{t('noEmail')}</Text>}
      {guestEmail && templates.length === 0 && <Text size="sm" c="dimmed">{t('noTemplates')}</Text>}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('title')} size="xl" fullScreen={phone}>
        <Stack gap="sm">
          {captured && <Alert color="yellow" title={t('capturedTitle')}>{t('capturedNote')}</Alert>}
          <Select
            label={t('template')}
            data={groups}
            value={templateId}
            onChange={setTemplateId}
            allowDeselect={false}
            searchable
            placeholder={t('templatePlaceholder')}
            description={guestLanguageName ? t('guestLanguageIs', { language: guestLanguageName }) : undefined}
            error={!chosen && templates.length > 0 ? (guestLanguageName ? t('noSuggestion', { language: guestLanguageName }) : t('noSuggestionUnknown')) : undefined}
            data-testid="quote-mail-template"
          />
          {chosen && !chosen.guestLanguage && (
            <Alert color="yellow" data-testid="quote-mail-language-note">
              {t('otherLanguageNote', { template: chosen.language ?? t('noLanguage'), guest: guestLanguageName ?? t('noLanguage') })}
            </Alert>
          )}
          <TextInput label={t('subject')} description={t('subjectHint')} placeholder={preview?.subject.replace(/ - RIF\..*$/, '')} value={subject} onChange={(event) => setSubject(event.currentTarget.value)} maxLength={300} />
          <Group gap="xs">
            <Text size="sm" fw={600}>{t('to')}</Text>
            <Text size="sm">{preview?.to ?? guestEmail}</Text>
            {loading && <Loader size="xs" aria-label={t('loading')} role="status" />}
          </Group>
          <AttachmentList
            files={attachments}
            onChange={setAttachments}
            onError={setError}
            upload={(form) => {
              form.set('quoteId', quoteId);
              return addQuoteAttachmentAction(form);
            }}
            remove={(attachmentId) => removeQuoteAttachmentAction({ attachmentId })}
          />
          <Checkbox
            label={t('attachPdf')}
            description={t('attachPdfHint')}
            checked={attachPdf}
            onChange={(event) => setAttachPdf(event.currentTarget.checked)}
            data-testid="attach-quote-pdf"
          />
          {error && <Alert color="red" role="alert">{error}</Alert>}
          {preview && <MailFrame html={preview.html} title={t('previewTitle')} height={phone ? 420 : 480} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('cancel')}
            </Button>
            <Button onClick={send} loading={sending} disabled={!templateId || !preview || loading}>
              {t('confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
