import type { ContactRow } from './search';

/** Every field of the contact form as its inputs hold it: texts, ids as the strings of a select. */
export type ContactFormState = {
  firstName: string;
  lastName: string;
  email: string;
  phonePrefix: string;
  phone: string;
  languageId: string;
  nationId: string;
  city: string;
  address: string;
  postalCode: string;
  notes: string;
  tags: string[];
};

export const EMPTY_CONTACT_FORM: ContactFormState = {
  firstName: '',
  lastName: '',
  email: '',
  phonePrefix: '',
  phone: '',
  languageId: '',
  nationId: '',
  city: '',
  address: '',
  postalCode: '',
  notes: '',
  tags: [],
};

export function contactFormState(contact: ContactRow): ContactFormState {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email ?? '',
    phonePrefix: contact.phonePrefix ?? '',
    phone: contact.phone ?? '',
    languageId: contact.languageId ? String(contact.languageId) : '',
    nationId: contact.nationId ? String(contact.nationId) : '',
    city: contact.city ?? '',
    address: contact.address ?? '',
    postalCode: contact.postalCode ?? '',
    notes: contact.notes ?? '',
    tags: contact.tags,
  };
}
