'use client';

import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { sendCvMailAction } from '@/app/(staff)/emailCV/actions';
import { FormError } from '@/components/ui/form-error';
import { RichTextField } from '@/components/ui/rich-text-editor';
import { useActionForm } from '@/components/ui/use-action-form';
import type { CvComposeStart } from '@/lib/mail/cv-mail-page';
import { CvClosedScreen } from './cv-closed-screen';

type Props = {
  start: CvComposeStart;
  senderName: string;
  /** The saved signature, rendered by the server; null when there is none. */
  signature: ReactNode | null;
  /** /emailCVL: after a successful send the session ends and the window may be closed. */
  autoLogout?: boolean;
};

/** The booking platform's compose form: recipients, subject and text; the server adds the signature. */
export function CvComposeForm({ start, senderName, signature, autoLogout = false }: Props) {
  const t = useTranslations('cvMail.compose');
  const router = useRouter();
  const [to, setTo] = useState(start.to);
  const [subject, setSubject] = useState(start.subject);
  const [html, setHtml] = useState('');
  // A new key empties the editor after a send: Tiptap reads its content once.
  const [editorKey, setEditorKey] = useState(0);
  const [closing, setClosing] = useState<'no' | 'pending' | 'done' | 'failed'>('no');
  const form = useActionForm(sendCvMailAction);

  const endSession = async () => {
    setClosing('pending');
    try {
      // The logout route revokes the session and clears the cookie; its redirect to /login is not followed, so this screen stays.
      const answer = await fetch('/logout', { method: 'POST', redirect: 'manual', credentials: 'same-origin' });
      setClosing(answer.type === 'opaqueredirect' || answer.ok ? 'done' : 'failed');
    } catch {
      setClosing('failed');
    }
  };

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    form.submit({ to, subject, html, contactId: start.contactId ?? undefined, quoteId: start.quoteId ?? undefined }, (sent) => {
      if (autoLogout) {
        void endSession();
        return;
      }
      notifications.show({ color: 'teal', message: t('sent', { subject: sent.subject }), autoClose: 4000 });
      setHtml('');
      setEditorKey((key) => key + 1);
      router.refresh();
    });
  };

  if (closing === 'done' || closing === 'failed') return <CvClosedScreen loggedOut={closing === 'done'} />;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="form" onSubmit={send} aria-labelledby="cv-compose-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cv-compose-title">
          {t('title')}
        </Title>
        {senderName && <Text size="sm">{t('sender', { name: senderName })}</Text>}
        <TextInput
          label={t('to')}
          description={t('toHint')}
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={form.error('to')}
          required
          autoComplete="off"
          inputMode="email"
        />
        <TextInput label={t('subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} error={form.error('subject')} required maxLength={500} />
        <RichTextField key={editorKey} label={t('body')} value={html} onChange={setHtml} minHeight={180} />
        {form.error('html') && (
          <Text c="red" size="sm" role="alert">
            {form.error('html')}
          </Text>
        )}
        {signature && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('signatureNote')}
            </Text>
            <Paper withBorder p="xs" radius="sm" data-testid="cv-signature">
              {signature}
            </Paper>
          </Stack>
        )}
        {autoLogout && (
          <Alert color="blue" variant="light">
            {t('autoLogoutNote')}
          </Alert>
        )}
        <FormError message={form.formError} />
        <Group>
          <Button type="submit" loading={form.pending || closing === 'pending'}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
