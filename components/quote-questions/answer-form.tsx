'use client';

import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useActionForm } from '@/components/ui/use-action-form';
import type { ActionResult } from '@/lib/actions';

export type AnswerAction = (input: { questionId: string; text: string; attemptKey: string }) => Promise<ActionResult<unknown>>;

/** 128 random bits, URL-safe; getRandomValues works on plain http too, where randomUUID does not. */
function attemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The answer under a guest's question: plain text, kept as typed when it is refused. */
export function AnswerForm({ questionId, action, maxLength }: { questionId: string; action: AnswerAction; maxLength: number }) {
  const t = useTranslations('quoteQuestions');
  const [text, setText] = useState('');
  // One key per answer until it is saved: a retry of the same answer is not a second one.
  const [attempt, setAttempt] = useState(attemptKey);
  const form = useActionForm(action, { successMessage: t('sent'), refresh: true });
  return (
    <form
      noValidate
      aria-busy={form.pending}
      onSubmit={(event) => {
        event.preventDefault();
        form.submit({ questionId, text, attemptKey: attempt }, () => {
          setText('');
          setAttempt(attemptKey());
        });
      }}
    >
      <Stack gap="xs">
        {form.formError && (
          <Alert color="red" role="alert" p="xs">
            {form.formError}
          </Alert>
        )}
        <Textarea
          label={t('answerLabel')}
          description={t('answerHint')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={maxLength}
          error={form.error('text')}
        />
        <Group>
          <Button type="submit" size="sm" loading={form.pending} disabled={text.trim() === ''} leftSection={<IconSend size={16} aria-hidden />}>
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
