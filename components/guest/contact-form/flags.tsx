import type { GuestLocale } from '@/lib/i18n/locales';
import styles from './contact.module.css';

const SIZE = { width: 24, height: 16 };

/** Small flags for the language links (Great Britain for English); decoration only. */
export function Flag({ locale }: { locale: GuestLocale }) {
  const common = { ...SIZE, 'aria-hidden': true, focusable: false, className: styles.flag } as const;
  if (locale === 'it') {
    return (
      <svg {...common} viewBox="0 0 3 2">
        <rect width="1" height="2" fill="#009246" />
        <rect x="1" width="1" height="2" fill="#fff" />
        <rect x="2" width="1" height="2" fill="#ce2b37" />
      </svg>
    );
  }
  if (locale === 'de') {
    return (
      <svg {...common} viewBox="0 0 5 3">
        <rect width="5" height="1" fill="#000" />
        <rect y="1" width="5" height="1" fill="#dd0000" />
        <rect y="2" width="5" height="1" fill="#ffce00" />
      </svg>
    );
  }
  if (locale === 'nl') {
    return (
      <svg {...common} viewBox="0 0 9 6">
        <rect width="9" height="2" fill="#ae1c28" />
        <rect y="2" width="9" height="2" fill="#fff" />
        <rect y="4" width="9" height="2" fill="#21468b" />
      </svg>
    );
  }
  if (locale === 'fr') {
    return (
      <svg {...common} viewBox="0 0 3 2">
        <rect width="1" height="2" fill="#002395" />
        <rect x="1" width="1" height="2" fill="#fff" />
        <rect x="2" width="1" height="2" fill="#ed2939" />
      </svg>
    );
  }
  return (
    <svg {...common} viewBox="0 0 60 30">
      <clipPath id="flag-gb-clip">
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" clipPath="url(#flag-gb-clip)" stroke="#C8102E" strokeWidth="4" />
      <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}
