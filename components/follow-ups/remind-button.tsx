'use client';

import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { notifications as toasts } from '@mantine/notifications';
import { IconAlarm } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { createFollowUpAction } from '@/app/(staff)/promemoria/actions';
import { DateField } from '@/components/ui/date-field';
import { toRomeClock } from '@/lib/campaigns/rome-time';
import type { FollowUpSubject } from '@/lib/vocabulary/follow-ups';
import { announceFollowUpsChanged } from './events';
import type { StaffUser } from './follow-up-actions';

type Props = { subject: FollowUpSubject; targetId: string; users: StaffUser[]; meId: string };

/** Tomorrow on Rome's calendar, when reception usually calls back. */
const tomorrow = () => toRomeClock(new Date(Date.now() + 86_400_000)).slice(0, 10);

/** «Ricordami» on a quote, a request or a contact: when, a note, and for whom (me by default). */
export function RemindButton({ subject, targetId, users, meId }: Props) {
  const t = useTranslations('followUps');
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState('09:00');
  const [note, setNote] = useState('');
  const [assigneeId, setAssigneeId] = useState<string>(meId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, start] = useTransition();
  const open = () => {
    setDate((current) => current ?? tomorrow());
    setErrors({});
    setOpened(true);
  };
  const save = () =>
    start(async () => {
      const answer = await createFollowUpAction({ subject, targetId, date: date ?? '', time, note, assigneeId });
      if (!answer.ok) {
        setErrors({ ...(answer.fieldErrors ?? {}), ...(answer.fieldErrors ? {} : { form: answer.error }) });
        return;
      }
      toasts.show({ color: 'teal', message: t('saved', { when: `${(date ?? '').split('-').reverse().join('/')} ${time}` }), autoClose: 3000 });
      setOpened(false);
      setDate(null);
      setNote('');
      announceFollowUpsChanged();
      router.refresh();
    });
  return (
    <>
      <Button variant="light" leftSection={<IconAlarm size={16} aria-hidden />} onClick={open} data-testid="remind-button">
        {t('remind')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('dialogTitle')} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <Stack gap="sm">
            <Group grow align="flex-start" wrap="wrap">
              <DateField label={t('date')} value={date} onChange={setDate} minDate={toRomeClock(new Date()).slice(0, 10)} error={errors.date} />
              <TimeInput label={t('time')} value={time} onChange={(event) => setTime(event.currentTarget.value)} error={errors.time} required />
            </Group>
            <Textarea label={t('note')} placeholder={t('notePlaceholder')} value={note} onChange={(event) => setNote(event.currentTarget.value)} autosize minRows={2} maxLength={1000} error={errors.note} />
            <Select
              label={t('for')}
              data={users.map((user) => ({ value: user.id, label: user.id === meId ? t('me', { name: user.name }) : user.name }))}
              value={assigneeId}
              onChange={(value) => setAssigneeId(value ?? meId)}
              allowDeselect={false}
              error={errors.assigneeId ?? errors.targetId ?? errors.form}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={pending} data-testid="remind-save">
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
