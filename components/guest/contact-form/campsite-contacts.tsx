import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CampsiteContacts as Contacts } from '@/lib/vocabulary/campsite-shapes';

type Labels = { title: string; phone: string; whatsapp: string; email: string; address: string; newTab: string };

const digits = (phone: string) => phone.replace(/[^0-9+]/g, '');

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group component="li" gap={6} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
      {icon}
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text span size="sm" fw={600}>
          {label}:
        </Text>{' '}
        {children}
      </Text>
    </Group>
  );
}

/** How else to reach the campsite: phone, WhatsApp, e-mail and address, each only when set. */
export function CampsiteContacts({ contacts, labels }: { contacts: Contacts | null; labels: Labels }) {
  if (!contacts) return null;
  const icon = (Icon: typeof IconPhone) => <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-teal-8)' }} />;
  const items = [
    contacts.phone && (
      <Item key="phone" icon={icon(IconPhone)} label={labels.phone}>
        <Anchor href={`tel:${digits(contacts.phone)}`} size="sm">{contacts.phone}</Anchor>
      </Item>
    ),
    contacts.whatsapp && (
      <Item key="whatsapp" icon={icon(IconBrandWhatsapp)} label={labels.whatsapp}>
        <Anchor href={`https://wa.me/${digits(contacts.whatsapp).replace('+', '')}`} target="_blank" rel="noopener noreferrer" size="sm">
          {contacts.whatsapp} <VisuallyHidden>{labels.newTab}</VisuallyHidden>
        </Anchor>
      </Item>
    ),
    contacts.email && (
      <Item key="email" icon={icon(IconMail)} label={labels.email}>
        <Anchor href={`mailto:${contacts.email}`} size="sm">{contacts.email}</Anchor>
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
      <Group component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0, rowGap: 6, columnGap: 'var(--mantine-spacing-lg)' }}>
        {items}
      </Group>
    </section>
  );
}
