'use client';

import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { addMailAttachmentAction, removeMailAttachmentAction, sendMailAction } from '@/app/(staff)/mail/actions';
import { FormError } from '@/components/ui/form-error';
import { RichTextField } from '@/components/ui/rich-text-editor';
import { AttachmentList, type Attached } from '@/components/mail/attachment-list';

type Props = {
  /** A reply: the conversation answered. A new mail: none, and the page goes to its conversation once sent. */
  threadId?: string | null;
  to?: string;
  subject?: string;
  contactId?: string | null;
  quoteId?: string | null;
};

/** Writes through the campsite's mailbox. A refusal is shown next to the form; nothing typed is lost. */
export function ComposeForm({ threadId = null, to: initialTo = '', subject: initialSubject = '', contactId = null, quoteId = null }: Props) {
  const t = useTranslations('mailbox.compose');
  const router = useRouter();
  const [to, setTo] = useState(initialTo);
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState(initialSubject);
  const [html, setHtml] = useState('');
  const [files, setFiles] = useState<Attached[]>([]);
  const [editorKey, setEditorKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  // An address list's issue comes back under its index ('to.1'): shown on the field itself.
  const fieldError = (field: string) => errors[field] ?? Object.entries(errors).find(([path]) => path.startsWith(`${field}.`))?.[1];

  const send = () =>
    startTransition(async () => {
      const answer = await sendMailAction({
        threadId,
        to,
        cc,
        subject,
        html,
        attachmentIds: files.map((file) => file.id),
        contactId,
        quoteId,
      });
      if (!answer.ok) {
        setErrors(answer.fieldErrors ?? {});
        setFormError(answer.error);
        return;
      }
      setErrors({});
      setFormError(null);
      notifications.show({
        color: 'teal',
        message: t('sent'),
        autoClose: 3000,
      });
      if (threadId) {
        setHtml('');
        setFiles([]);
        setCc('');
        setEditorKey((key) => key + 1);
        router.refresh();
      } else router.push(`/mail/conversazione/${answer.data.threadId}`);
    });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label={t('to')} description={t('toHint')} value={to} onChange={(event) => setTo(event.currentTarget.value)} error={fieldError('to')} required autoComplete="off" />
        <TextInput label={t('cc')} value={cc} onChange={(event) => setCc(event.currentTarget.value)} error={fieldError('cc')} autoComplete="off" />
        <TextInput label={t('subject')} value={subject} onChange={(event) => setSubject(event.currentTarget.value)} error={fieldError('subject')} required maxLength={300} />
        <RichTextField key={editorKey} label={t('body')} value={html} onChange={setHtml} minHeight={160} />
        <FormError message={fieldError('html') ?? null} />
        <AttachmentList
          files={files}
          onChange={setFiles}
          onError={setFormError}
          upload={addMailAttachmentAction}
          remove={(attachmentId) => removeMailAttachmentAction({ attachmentId })}
        />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={pending}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
