'use client';

import { useTranslations } from 'next-intl';
import { useActionForm } from '@/components/ui/use-action-form';
import type { ActionResult } from '@/lib/actions';

/** Saving one tab: the refresh lets every other tab and list read the saved value. */
export function useSettingsSave<I>(action: (input: I) => Promise<ActionResult<{ saved: true }>>) {
  const t = useTranslations('campsiteSettings');
  return useActionForm(action, { successMessage: t('saved'), refresh: true });
}
