import { env } from './env';

/** The provider of the product, shown in the footer; contacts come from the environment. */
export function providerDetails() {
  const { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_WHATSAPP, SUPPORT_ADDRESS } = env();
  return {
    supportEmail: SUPPORT_EMAIL,
    supportPhone: SUPPORT_PHONE,
    supportWhatsapp: SUPPORT_WHATSAPP,
    supportAddress: SUPPORT_ADDRESS,
    socials: [
      { name: 'Facebook', href: 'https://www.facebook.com/crmcampeggi' },
      { name: 'Instagram', href: 'https://www.instagram.com/crmcampeggi' },
      { name: 'LinkedIn', href: 'https://www.linkedin.com/company/crmcampeggi' },
    ],
  };
}

export function helpHref(): string {
  return `mailto:${env().SUPPORT_EMAIL}?subject=${encodeURIComponent('Richiesta di assistenza CRM')}`;
}
