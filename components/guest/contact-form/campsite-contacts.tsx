import { IconBrandWhatsapp, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CampsiteContacts as Contacts } from '@/lib/vocabulary/campsite-shapes';
import styles from './contact.module.css';

type Labels = { title: string; phone: string; whatsapp: string; email: string; address: string; newTab: string };

const digits = (phone: string) => phone.replace(/[^0-9+]/g, '');

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className={styles.contact}>
      {icon}
      <span>
        <span className={styles.strong}>{label}:</span> {children}
      </span>
    </li>
  );
}

/** How else to reach the campsite: phone, WhatsApp, e-mail and address, each only when set. */
export function CampsiteContacts({ contacts, labels }: { contacts: Contacts | null; labels: Labels }) {
  if (!contacts) return null;
  const icon = (Icon: typeof IconPhone) => <Icon size={18} aria-hidden className={styles.contactIcon} />;
  const items = [
    contacts.phone && (
      <Item key="phone" icon={icon(IconPhone)} label={labels.phone}>
        <a href={`tel:${digits(contacts.phone)}`} className={styles.link}>{contacts.phone}</a>
      </Item>
    ),
    contacts.whatsapp && (
      <Item key="whatsapp" icon={icon(IconBrandWhatsapp)} label={labels.whatsapp}>
        <a href={`https://wa.me/${digits(contacts.whatsapp).replace('+', '')}`} target="_blank" rel="noopener noreferrer" className={styles.link}>
          {contacts.whatsapp} <span className={styles.visuallyHidden}>{labels.newTab}</span>
        </a>
      </Item>
    ),
    contacts.email && (
      <Item key="email" icon={icon(IconMail)} label={labels.email}>
        <a href={`mailto:${contacts.email}`} className={styles.link}>{contacts.email}</a>
      </Item>
    ),
    contacts.address && (
      <Item key="address" icon={icon(IconMapPin)} label={labels.address}>
        {contacts.address}
      </Item>
    ),
  ].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <section aria-label={labels.title}>
      <ul className={styles.contacts}>{items}</ul>
    </section>
  );
}
