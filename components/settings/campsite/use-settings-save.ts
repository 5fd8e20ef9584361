'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/actions';

type Action<I> = (input: I) => Promise<ActionResult<{ saved: true }>>;

/**
 * Saving one tab: field errors by path ('checkin.0.to'), a general error, a toast on success and
 * a refresh so every other tab and list reads the saved value. The form keeps its own state, so
 * nothing typed is lost on a refusal.
 */
export function useSettingsSave<I>(action: Action<I>) {
  const t = useTranslations('campsiteSettings');
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const submit = (input: I, onSaved?: () => void) =>
    startTransition(async () => {
      const answer = await action(input);
      if (!answer.ok) {
        setErrors(answer.fieldErrors ?? {});
        setFormError(answer.error);
        return;
      }
      setErrors({});
      setFormError(null);
      onSaved?.();
      notifications.show({ color: 'teal', message: t('saved'), autoClose: 3000 });
      router.refresh();
    });
  return { errors, formError, pending, submit, error: (path: string) => errors[path] };
}
