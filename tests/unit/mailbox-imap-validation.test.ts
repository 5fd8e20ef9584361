import { describe, expect, it } from 'vitest';
import { imapBindingSchema } from '@/lib/mailbox/imap/validation';
import { fieldIssues } from '@/lib/validation';

const base = { address: 'Info@Camping.example', imapHost: 'imap.camping.example', smtpHost: 'smtp.camping.example', password: ' segreta ' };

const issuesOf = (values: Record<string, unknown>) => {
  const parsed = imapBindingSchema.safeParse(values);
  return parsed.success ? [] : fieldIssues(parsed.error);
};

describe('the IMAP binding form', () => {
  it('fills the usual defaults: SSL ports, the address as user name; the password is kept as typed', () => {
    expect(imapBindingSchema.parse(base)).toEqual({
      address: 'info@camping.example',
      password: ' segreta ',
      settings: { imapHost: 'imap.camping.example', imapPort: 993, imapSecure: true, smtpHost: 'smtp.camping.example', smtpPort: 465, smtpSecure: true, username: 'Info@Camping.example' },
    });
  });

  it('reads the strings of a form: trimmed texts, numeric ports, switches', () => {
    const parsed = imapBindingSchema.parse({ ...base, imapHost: '  mail.example ', imapPort: ' 143 ', imapSecure: 'false', smtpPort: '587', smtpSecure: 'off', username: ' utente ' });
    expect(parsed.settings).toMatchObject({ imapHost: 'mail.example', imapPort: 143, imapSecure: false, smtpPort: 587, smtpSecure: false, username: 'utente' });
  });

  it('refuses what cannot work, in Italian', () => {
    expect(issuesOf({ ...base, address: 'non-valida' })).toEqual([{ path: 'address', message: 'Indirizzo e-mail non valido' }]);
    expect(issuesOf({ ...base, imapPort: 0 })).toEqual([{ path: 'imapPort', message: 'Porta IMAP: tra 1 e 65535' }]);
    expect(issuesOf({ ...base, smtpPort: 70000 })).toEqual([{ path: 'smtpPort', message: 'Porta SMTP: tra 1 e 65535' }]);
    expect(issuesOf({ ...base, imapPort: 'abc' })).toEqual([{ path: 'imapPort', message: 'Porta IMAP: deve essere un numero' }]);
    expect(issuesOf({ ...base, smtpHost: '  ' })).toEqual([{ path: 'smtpHost', message: 'Server SMTP: obbligatorio' }]);
    expect(issuesOf({ ...base, imapHost: 'imap server' })).toEqual([{ path: 'imapHost', message: 'Server IMAP: nome del server non valido' }]);
    expect(issuesOf({ ...base, password: '' })).toEqual([{ path: 'password', message: 'Password obbligatoria' }]);
    expect(issuesOf({ ...base, password: 'x'.repeat(501) })).toEqual([{ path: 'password', message: 'Password: al massimo 500 caratteri' }]);
  });
});
