'use client';

import { notifications } from '@mantine/notifications';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { ActionResult } from '@/lib/actions';
import { ListForm, type ListFormValues } from './list-form';

type Props = {
  id: string;
  initial: ListFormValues;
  action: (input: { id: string; list: ListFormValues }) => Promise<ActionResult<{ id: string; name: string }>>;
};

/** The edit page's form: saves, says so, and goes back to the list. */
export function EditListForm({ id, initial, action }: Props) {
  const t = useTranslations('lists');
  const router = useRouter();
  return (
    <ListForm
      initial={initial}
      submitLabel={t('form.save')}
      onSubmit={(list) => action({ id, list })}
      onCancel={() => router.push(`/mailing/${id}`)}
      onDone={() => {
        notifications.show({ color: 'teal', message: t('form.saved'), autoClose: 3000 });
        router.push(`/mailing/${id}`);
        router.refresh();
      }}
    />
  );
}
