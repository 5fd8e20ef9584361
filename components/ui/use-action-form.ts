'use client';

import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { ActionResult } from '@/lib/actions';

type Options = {
  /** The toast after a success; none when the form says it another way. */
  successMessage?: string;
  /** Re-render the server components so lists and other forms read what was saved. */
  refresh?: boolean;
  /** A refusal message that belongs next to a field (e.g. the wrong current password). */
  fieldOfError?: Record<string, string>;
};

/**
 * A form that submits to a staff server action: field errors by path, the general error, a toast
 * on success. The form keeps its own state, so nothing typed is lost on a refusal.
 */
export function useActionForm<I, R>(action: (input: I) => Promise<ActionResult<R>>, { successMessage, refresh = false, fieldOfError = {} }: Options = {}) {
  const router = useRouter();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const submit = (input: I, onDone?: (data: R) => void) =>
    startTransition(async () => {
      const answer = await action(input);
      if (!answer.ok) {
        const field = fieldOfError[answer.error];
        setErrors(field ? { [field]: answer.error } : (answer.fieldErrors ?? {}));
        setFormError(field ? null : answer.error);
        return;
      }
      setErrors({});
      setFormError(null);
      onDone?.(answer.data);
      if (successMessage) notifications.show({ color: 'teal', message: successMessage, autoClose: 3000 });
      if (refresh) router.refresh();
    });
  return { errors, formError, pending, submit, error: (path: string) => errors[path] };
}
