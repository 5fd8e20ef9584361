import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import campsiteSettings from '@/messages/it/campsite-settings.json';
import { localizableTexts } from '@/components/settings/campsite/localization-keys';
import { GUEST_LOCALES } from '@/lib/i18n/locales';

const t = createTranslator({ locale: 'it', messages: { campsiteSettings }, namespace: 'campsiteSettings.localization' }) as unknown as { (key: string): string; has(key: string): boolean };
const texts = localizableTexts();

describe('the Localizzazione tab names every text in words', () => {
  it('lists every text of the contact form and of the quote page', () => {
    expect(texts.length).toBeGreaterThan(150);
    expect(new Set(texts.map((entry) => entry.key)).size).toBe(texts.length);
    expect(texts.find((entry) => entry.key === 'guestForm.requiredNote')?.texts).toMatchObject({ it: 'I campi contrassegnati con * sono obbligatori.', de: 'Mit * gekennzeichnete Felder sind Pflichtfelder.' });
  });

  it.each([...new Set(texts.map((entry) => entry.group))])('%s says where the text appears', (group) => {
    expect(t.has(`groups.${group}`), `campsiteSettings.localization.groups.${group}`).toBe(true);
    expect(t(`groups.${group}`)).not.toMatch(/guestForm|guestQuote/);
  });

  it('has the page’s own words for every text in every guest language', () => {
    for (const entry of texts) for (const locale of GUEST_LOCALES) expect(entry.texts[locale].trim(), `${entry.key} ${locale}`).toBeTruthy();
  });
});
