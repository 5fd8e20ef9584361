'use client';

import { Alert, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconMailForward, IconRefresh, IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, useTransition } from 'react';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { FormError } from '@/components/ui/form-error';
import { formatDateTime } from '@/lib/format';
import { sendAtInstant } from './send-at';
import type { NewsletterPreviewResult, StepsMailingActions, WizardValues } from './types';

type Props = {
  values: WizardValues;
  listName: string;
  /** The list's count from the first step: shown when no preview can be made. */
  listRecipients: number;
  providerReady: boolean;
  staffEmail: string;
  draftId: string | null;
  onSendAtChange: (value: string | null) => void;
  actions: StepsMailingActions;
};

const FRAME_STYLE = 'body{font-family:Arial,Helvetica,sans-serif;margin:16px;color:#222}img{max-width:100%}';
/** The mail in a frame with an empty sandbox: nothing in the staff's HTML can run against the CRM. */
function framed(html: string) {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${FRAME_STYLE}</style></head><body>${html}</body></html>`;
}
const FRAME_CSS = {
  width: '100%',
  height: 480,
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-sm)',
  background: '#fff',
};

type Answer = { key: string; preview: NewsletterPreviewResult | null; error: string | null };

/** Step three: recipients counted, the mail filled with a real member, a test to oneself, then now or at a chosen time. */
export function SummaryStep({ values, listName, listRecipients, providerReady, staffEmail, draftId, onSendAtChange, actions }: Props) {
  const t = useTranslations('stepsMailing.summary');
  const tRoot = useTranslations('stepsMailing');
  const toast = (message: string) => notifications.show({ color: 'teal', message, autoClose: 3000, closeButtonProps: { 'aria-label': tRoot('close') } });
  const router = useRouter();
  const [refresh, setRefresh] = useState(0);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [testState, setTestState] = useState<{ sending: boolean; sentTo: string | null; error: string | null }>({ sending: false, sentTo: null, error: null });
  const [confirm, setConfirm] = useState<'now' | 'later' | null>(null);
  const [sendAtError, setSendAtError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, startSending] = useTransition();

  const content = { listId: values.listId ?? '', subject: values.subject, html: values.html, languageId: values.languageId ? Number(values.languageId) : null };
  const ready = providerReady && content.listId !== '' && content.subject.trim() !== '' && content.html.trim() !== '';
  const requestKey = `${refresh}:${content.listId}:${content.languageId}:${content.subject}:${content.html}`;

  useEffect(() => {
    if (!ready) return;
    let current = true;
    void actions.preview(content).then((result) => {
      if (!current) return;
      setAnswer(result.ok ? { key: requestKey, preview: result.data, error: null } : { key: requestKey, preview: null, error: result.error });
    });
    return () => {
      current = false;
    };
    // requestKey stands for the content and the refresh button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, requestKey, actions]);

  const loading = ready && answer?.key !== requestKey;
  const preview = answer?.key === requestKey ? answer.preview : null;
  const previewError = answer?.key === requestKey ? answer.error : null;
  const recipients = preview?.recipients ?? listRecipients;

  const sendTest = async () => {
    setTestState({ sending: true, sentTo: null, error: null });
    const result = await actions.sendTest(content);
    setTestState(result.ok ? { sending: false, sentTo: result.data.to, error: null } : { sending: false, sentTo: null, error: result.error });
    if (result.ok) toast(t('testSent', { email: result.data.to }));
  };

  const ask = (when: 'now' | 'later') => {
    setSendError(null);
    if (when === 'later') {
      const instant = sendAtInstant(values.sendAt);
      if (!instant) return setSendAtError(t('sendAtRequired'));
      if (new Date(instant).getTime() <= Date.now()) return setSendAtError(t('sendAtPast'));
    }
    setSendAtError(null);
    setConfirm(when);
  };

  const start = () => {
    const when = confirm;
    startSending(async () => {
      const result = await actions.start({
        ...content,
        templateId: values.templateId,
        sendAt: when === 'later' ? sendAtInstant(values.sendAt) : null,
        draftId,
      });
      setConfirm(null);
      if (!result.ok) {
        setSendError(result.error);
        return;
      }
      toast(result.data.status === 'scheduled' ? t('scheduled') : t('started'));
      router.push(`/mailing/newsletter/${encodeURIComponent(result.data.campaignId)}`);
    });
  };

  const whenText = values.sendAt && dayjs(values.sendAt).isValid() ? formatDateTime(dayjs(values.sendAt).toDate()) : '';

  return (
    <Stack gap="lg" pt="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="sm">
          <Text size="sm" c="dimmed">
            {t('list')}
          </Text>
          <Text fw={600}>{listName || '—'}</Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="sm" c="dimmed">
            {t('subject')}
          </Text>
          <Text fw={600}>{preview?.subject ?? (values.subject || '—')}</Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="sm" c="dimmed">
            {t('recipients')}
          </Text>
          <Text fw={600} data-testid="recipient-count">
            {t('recipientsCount', { count: recipients })}
          </Text>
        </Paper>
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {t('recipientsHint')}
      </Text>
      {providerReady && !ready && <Text c="red.9">{t('incomplete')}</Text>}
      {previewError && (
        <Alert color="red" title={t('errorTitle')} role="alert">
          {previewError}
        </Alert>
      )}
      {ready && (
        <Stack gap="xs">
          <Group justify="space-between" align="center">
            <Title order={2} size="h4">
              {t('previewTitle')}
            </Title>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => setRefresh((value) => value + 1)}
              loading={loading}
            >
              {t('refresh')}
            </Button>
          </Group>
          {loading && (
            <Group gap="xs">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('loading')}</Text>
            </Group>
          )}
          {preview && !preview.member && <Text>{t('noRecipients')}</Text>}
          {preview?.member && (
            <Text size="sm" c="dimmed" data-testid="preview-member">
              {t('previewWith', { name: preview.member.name, email: preview.member.email })}
            </Text>
          )}
          {preview?.html && (
            <iframe
              title={t('frameTitle')}
              sandbox=""
              srcDoc={framed(preview.html)}
              style={FRAME_CSS}
              data-testid="newsletter-preview-frame"
            />
          )}
        </Stack>
      )}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group gap="sm" align="center">
            <Button
              variant="default"
              leftSection={<IconMailForward size={16} aria-hidden />}
              onClick={() => void sendTest()}
              loading={testState.sending}
              disabled={!ready}
            >
              {t('test')}
            </Button>
            <Text size="sm">{t('testHint', { email: staffEmail })}</Text>
          </Group>
          <div role="status" aria-live="polite">
            {testState.sentTo && (
              <Text size="sm" c="teal.9" fw={600} data-testid="test-sent">
                {t('testSent', { email: testState.sentTo })}
              </Text>
            )}
          </div>
          <FormError message={testState.error} />
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="send-when-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="send-when-title">
            {t('when')}
          </Title>
          <FormError message={sendError} />
          <Group align="flex-end" gap="md" wrap="wrap">
            <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => ask('now')} disabled={!ready || sending}>
              {t('sendNow')}
            </Button>
            <DateTimePicker
              label={t('sendAt')}
              value={values.sendAt}
              onChange={(value) => {
                onSendAtChange(value);
                setSendAtError(null);
              }}
              valueFormat="DD/MM/YYYY HH:mm"
              minDate={dayjs().format('YYYY-MM-DD')}
              clearable
              error={sendAtError}
              miw={220}
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
            />
            <Button variant="default" leftSection={<IconCalendarEvent size={16} aria-hidden />} onClick={() => ask('later')} disabled={!ready || sending}>
              {t('schedule')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ConfirmModal
        opened={confirm !== null}
        title={confirm === 'later' ? t('confirmLaterTitle') : t('confirmNowTitle')}
        message={
          confirm === 'later'
            ? t('confirmLaterText', { subject: values.subject, when: whenText, list: listName })
            : t('confirmNowText', { subject: values.subject, count: recipients, list: listName })
        }
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        closeLabel={t('cancel')}
        pending={sending}
        onConfirm={start}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}
