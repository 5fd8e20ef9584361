'use client';

import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { RichTextField } from '@/components/ui/rich-text-editor';
import { useActionForm } from '@/components/ui/use-action-form';
import type { ActionResult } from '@/lib/actions';

export type ReplyInput = { threadId: string; quoteId: string; to: string; subject: string; html: string };
export type ReplyAction = (input: ReplyInput) => Promise<ActionResult<{ messageId: string }>>;

type Props = { threadId: string; quoteId: string; to: string; subject: string; action: ReplyAction };

/** The answer to a guest, right under their mail; once sent it shows in the conversation above. */
export function QuoteReplyForm({ threadId, quoteId, to, subject, action }: Props) {
  const t = useTranslations('mailboxSettings.quote');
  const [values, setValues] = useState({ to, subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`, html: '' });
  const [editorKey, setEditorKey] = useState(0);
  const form = useActionForm(action, { successMessage: t('sent'), refresh: true });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit({ threadId, quoteId, ...values }, () => {
      setValues((current) => ({ ...current, html: '' }));
      setEditorKey((key) => key + 1);
    });
  };
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0">
      <form onSubmit={submit} noValidate aria-label={t('reply')} aria-busy={form.pending}>
        <Stack gap="sm">
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <Group grow align="flex-start">
            <TextInput label={t('to')} type="email" value={values.to} onChange={(event) => setValues({ ...values, to: event.currentTarget.value })} error={form.error('to')} />
            <TextInput label={t('subject')} value={values.subject} onChange={(event) => setValues({ ...values, subject: event.currentTarget.value })} error={form.error('subject')} />
          </Group>
          <RichTextField key={editorKey} label={t('body')} value={values.html} onChange={(html) => setValues((current) => ({ ...current, html }))} />
          {form.error('html') && (
            <Alert color="red" role="alert" p="xs">
              {form.error('html')}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={form.pending} leftSection={<IconSend size={16} aria-hidden />}>
              {t('reply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
