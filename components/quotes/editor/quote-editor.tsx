'use client';

import { Alert, Button, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState, useTransition } from 'react';
import { saveQuoteAction } from '@/app/(staff)/preventivi/actions';
import { DateField } from '@/components/ui/date-field';
import type { ContactChoice, EditorData } from '@/lib/quotes/editor-data';
import { CardEditor } from './card-editor';
import { ContactStep } from './contact-step';
import { duplicateCard, emptyCard, newKey, toInput, type DraftCard } from './draft';
import { PreviewStep } from './preview-step';

/** Progress values where the staff still choose between draft and complete. */
const CHOOSABLE: (string | null)[] = [null, 'richiesta', 'bozza', 'nuovo', 'scaduto'];
const SENT: string[] = ['inviato', 'letto'];

/**
 * The creation wizard and the editor of an existing quote: guest, offers, preview, then save
 * as a draft or as complete. Everything typed stays in the page if the server refuses it.
 */
export function QuoteEditor({ data }: { data: EditorData }) {
  const t = useTranslations('quotes.editor');
  const router = useRouter();
  const { initial } = data;
  const [step, setStep] = useState(initial.contact ? 1 : 0);
  const [contact, setContact] = useState<ContactChoice | null>(initial.contact);
  const [details, setDetails] = useState({ name: initial.name, languageId: initial.languageId, validUntil: initial.validUntil, tags: initial.tags });
  const [cards, setCards] = useState<DraftCard[]>(initial.cards.map((card) => ({ ...card, key: newKey() })));
  const [failure, setFailure] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, startSaving] = useTransition();

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const changeCards = (next: DraftCard[]) => {
    setCards(next);
    setDirty(true);
  };
  const changeDetails = (patch: Partial<typeof details>) => {
    setDetails({ ...details, ...patch });
    setDirty(true);
  };
  const chooseContact = (chosen: ContactChoice | null) => {
    setContact(chosen);
    setDirty(true);
    if (chosen) {
      if (details.languageId === null) setDetails({ ...details, languageId: chosen.languageId });
      setStep(1);
    }
  };
  const move = (index: number, delta: -1 | 1) => {
    const next = [...cards];
    const [card] = next.splice(index, 1);
    next.splice(index + delta, 0, card);
    changeCards(next);
  };

  const save = (saveAs: 'bozza' | 'nuovo') =>
    startSaving(async () => {
      if (!contact) {
        setFailure(t('contactRequired'));
        setStep(0);
        return;
      }
      setFailure(null);
      const answer = await saveQuoteAction({
        quoteId: initial.quoteId,
        input: {
          contactId: contact.id,
          ...details,
          validUntil: details.validUntil || null,
          cards: cards.map(toInput),
          saveAs,
          expectedVersion: initial.version ?? undefined,
        },
      });
      if (!answer.ok) {
        setFailure(answer.error);
        return;
      }
      setDirty(false);
      notifications.show({ color: 'green', message: t('saved') });
      router.push(`/crea-preventivo/preview/${answer.data.contactId}/${answer.data.id}`);
    });

  const editorCommon = { priceList: data.priceList, personTypeIds: data.personTypeIds, offers: data.offers, onlyOnUnitDefault: data.discountOnlyOnUnitDefault };

  return (
    <Stack gap="lg">
      {initial.progress && SENT.includes(initial.progress) && <Alert color="yellow">{t('sentWarning')}</Alert>}
      {failure && (
        <Alert color="red" role="alert" title={failure} data-testid="editor-error" />
      )}
      <Stepper active={step} onStepClick={(index) => (contact || index === 0 ? setStep(index) : setFailure(t('contactRequired')))} size="sm">
        <Stepper.Step label={t('stepContact')} description={t('stepContactHint')}>
          <ContactStep contact={contact} languages={data.languages} onChoose={chooseContact} />
        </Stepper.Step>
        <Stepper.Step label={t('stepCards')} description={t('stepCardsHint')}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                <TextInput label={t('name')} placeholder={t('namePlaceholder')} value={details.name} onChange={(event) => changeDetails({ name: event.currentTarget.value })} />
                <Select
                  label={t('language')}
                  data={data.languages.map((language) => ({ value: String(language.id), label: language.name }))}
                  value={details.languageId === null ? null : String(details.languageId)}
                  onChange={(value) => changeDetails({ languageId: value ? Number(value) : null })}
                />
                <DateField label={t('validUntil')} value={details.validUntil || null} onChange={(validUntil) => changeDetails({ validUntil: validUntil ?? '' })} />
                <MultiSelect label={t('tags')} placeholder={details.tags.length ? undefined : t('tagsPlaceholder')} data={data.tags} value={details.tags} onChange={(tags) => changeDetails({ tags })} clearable />
              </SimpleGrid>
            </Paper>
            {cards.length === 0 && <Text c="dimmed">{t('noCards')}</Text>}
            {cards.map((card, index) => (
              <CardEditor
                key={card.key}
                card={card}
                position={index}
                count={cards.length}
                {...editorCommon}
                onChange={(next) => changeCards(cards.map((candidate) => (candidate.key === card.key ? next : candidate)))}
                onRemove={() => changeCards(cards.filter((candidate) => candidate.key !== card.key))}
                onDuplicate={() => changeCards([...cards.slice(0, index + 1), duplicateCard(card), ...cards.slice(index + 1)])}
                onMove={(delta) => move(index, delta)}
              />
            ))}
            <Group>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => changeCards([...cards, emptyCard(data.personTypeIds, data.discountOnlyOnUnitDefault)])} disabled={cards.length >= 10}>
                {t('addCard')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('stepPreview')} description={t('stepPreviewHint')}>
          <PreviewStep contact={contact} details={details} cards={cards} languages={data.languages} {...editorCommon} />
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0}>
          {t('back')}
        </Button>
        <Group>
          {step < 2 && (
            <Button variant="light" onClick={() => (contact ? setStep(step + 1) : setFailure(t('contactRequired')))}>
              {t('next')}
            </Button>
          )}
          {CHOOSABLE.includes(initial.progress) ? (
            <>
              <Button variant="default" onClick={() => save('bozza')} loading={saving} disabled={!contact}>
                {t('saveDraft')}
              </Button>
              <Button onClick={() => save('nuovo')} loading={saving} disabled={!contact}>
                {t('saveNew')}
              </Button>
            </>
          ) : (
            <Button onClick={() => save('nuovo')} loading={saving} disabled={!contact}>
              {t('saveChanges')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
