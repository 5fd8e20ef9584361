import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import messages from '@/messages/it.json';
import mailboxSettings from '@/messages/it/mailbox-settings.json';
import { jobOutcome, type JobsTranslator } from '@/components/settings/jobs/job-outcome';
import { translateError, unreachableMessage } from '@/lib/mailbox/imap/errors';

const SYSTEM_WORDS = /getaddrinfo|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|GOOGLE_|vm:\d|\d+\.\d+\.\d+\.\d+|:\d{2,5}\b|istanza|daRiprovare/;

const networkError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('a server out of reach, in words the admin can act on', () => {
  it.each([
    [networkError('ENOTFOUND', 'getaddrinfo ENOTFOUND imap.sbagliato.test'), 'non esiste con questo nome'],
    [networkError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:1'), 'non accetta collegamenti su questa porta'],
    [networkError('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number'), 'impostazione SSL'],
    [networkError('ETIMEDOUT', 'connect ETIMEDOUT 10.0.0.1:993'), 'non risponde'],
  ])('%s', (error, words) => {
    const shown = translateError(new Error('wrapper', { cause: error }), 'IMAP', 'imap.sbagliato.test', 993).message;
    expect(shown).toContain(words);
    expect(shown).not.toMatch(SYSTEM_WORDS);
    expect(shown).not.toContain('imap.sbagliato.test');
  });

  it('names the sending server for SMTP', () => {
    expect(unreachableMessage(networkError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:25'), 'SMTP')).toContain('posta in uscita (SMTP)');
  });

  it('never names environment variables on the mailbox settings', () => {
    expect(JSON.stringify(mailboxSettings)).not.toMatch(SYSTEM_WORDS);
  });
});

describe('the scheduled jobs’ outcome', () => {
  const t = createTranslator({ locale: 'it', messages, namespace: 'scheduledJobs' }) as unknown as JobsTranslator;

  it('reads the figures in Italian and leaves out the server and the duration', () => {
    expect(jobOutcome({ consegnate: 3, daRiprovare: 1, nonRiuscite: 0, istanza: 'vm:9818', durataMs: 12 }, t)).toBe('3 e-mail consegnate, 1 e-mail da riprovare, 0 e-mail non consegnabili');
    expect(jobOutcome({ esito: 'synced', modo: 'partial', nuove: 1, durataMs: 40, istanza: 'vm:9818' }, t)).toBe('sincronizzata, solo le novità, 1 e-mail nuova');
    expect(jobOutcome({ scaduti: 1, istanza: 'vm:9818' }, t)).toBe('1 preventivo scaduto');
  });

  it('says a run stopped and where its reason is, never the system’s error', () => {
    const failures = [
      { message: 'connect ECONNREFUSED 10.0.0.5:5432', stack: 'Error: connect ECONNREFUSED 10.0.0.5:5432\n    at TCPConnectWrap.afterConnect' },
      { message: 'getaddrinfo ENOTFOUND api.resend.com' },
      { message: 'job timed out' },
    ];
    for (const output of failures) {
      const shown = jobOutcome(output, t);
      expect(shown).toContain('log del server');
      expect(shown).not.toMatch(SYSTEM_WORDS);
      expect(shown).not.toMatch(/timed out|stack|Error/);
    }
  });

  it('has words for every figure the periodic jobs return', () => {
    for (const key of ['scaduti', 'solleciti', 'consegnate', 'daRiprovare', 'nonRiuscite', 'campeggi', 'caselle', 'nuove', 'invii', 'lotti', 'sconosciuti']) {
      expect(jobOutcome({ [key]: 2 }, t), key).not.toMatch(SYSTEM_WORDS);
      expect(jobOutcome({ [key]: 2 }, t), key).toMatch(/^2 \S/);
    }
  });
});
