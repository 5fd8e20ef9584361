import { Document, Link, Page, Text, View } from '@react-pdf/renderer';
import type { GuestQuoteView } from '../view';
import { PdfCard } from './pdf-card';
import { pdfText as p } from './pdf-text';
import type { PdfPicture } from './pictures';
import { ACCENT, styles } from './styles';
import { pdfTag } from './tagged-render';
import type { PdfWords } from './texts';

type Props = { view: GuestQuoteView; words: PdfWords; pictures: Map<string, PdfPicture>; quoteUrl: string | null };

/** A policy link as saved may lack its scheme; one that is not a web address is not a link. */
const webAddress = (value: string) => {
  const text = value.trim();
  const withScheme = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    return /^https?:$/.test(new URL(withScheme).protocol) && /\./.test(new URL(withScheme).hostname) ? withScheme : null;
  } catch {
    return null;
  }
};

/** The quote as a document the guest keeps: the campsite's letterhead, each offer, how to reach them. */
export function QuoteDocument({ view, words, pictures, quoteUrl }: Props) {
  const { campsite, quote, guest } = view;
  const contacts = campsite.contacts;
  const policy = contacts?.policyLink ? webAddress(contacts.policyLink) : null;
  const name = quote.name || words.untitled;
  const banner =
    quote.state === 'accepted' && quote.acceptedCardIdx !== null
      ? { text: words.accepted(quote.acceptedCardIdx), color: '#e6f4ea', ink: ACCENT }
      : quote.state === 'booked'
        ? { text: words.booked, color: '#e6f4ea', ink: ACCENT }
        : quote.state === 'expired' && quote.validUntil
          ? { text: words.expired(quote.validUntil), color: '#fff4e5', ink: '#8a4b00' }
          : null;
  const hours = campsite.openingHours;
  const ranges = (list: { from: string; to: string }[]) => list.map((range) => words.range(range.from, range.to)).join(', ');
  return (
    <Document title={p(`${name} · ${campsite.name}`)} author={p(campsite.name)} subject={p(words.title)} language={view.locale}>
      <Page size="A4" style={styles.page}>
        <View style={styles.footer} fixed>
          <Text>{p(`${campsite.name} · ${name}`)}</Text>
          <Text render={({ pageNumber, totalPages }) => p(words.page(pageNumber, totalPages))} />
        </View>
        <View style={styles.header}>
          <View style={styles.headerLeft}>
            <Text style={styles.campsite} {...pdfTag('H1')}>
              {p(campsite.name)}
            </Text>
            {contacts?.address && <Text style={styles.small}>{p(contacts.address)}</Text>}
            {contacts?.phone && <Text style={styles.small}>{p(`${words.phone}: ${contacts.phone}`)}</Text>}
            {contacts?.email && (
              <Link style={styles.link} src={`mailto:${contacts.email}`}>
                {p(`${words.email}: ${contacts.email}`)}
              </Link>
            )}
            {policy && (
              <Link style={styles.link} src={policy}>
                {p(words.privacy)}
              </Link>
            )}
          </View>
          <View style={styles.headerRight}>
            <Text style={styles.docLabel}>{p(words.untitled)}</Text>
            <Text style={styles.quoteName} {...pdfTag('H2')}>
              {p(name)}
            </Text>
            <View style={styles.metaRow}>
              <Text style={styles.metaLabel}>{p(words.for)}</Text>
              <Text style={styles.metaValue}>{p(`${guest.firstName} ${guest.lastName}`.trim())}</Text>
            </View>
            {quote.validUntil && (
              <View style={styles.metaRow}>
                <Text style={styles.metaLabel}>{p(words.validUntilLabel)}</Text>
                <Text style={styles.metaValue}>{p(words.date(quote.validUntil))}</Text>
              </View>
            )}
            {quoteUrl && (
              <Link style={styles.link} src={quoteUrl}>
                {p(words.viewOnline)}
              </Link>
            )}
          </View>
        </View>
        {banner && <Text style={[styles.banner, { backgroundColor: banner.color, color: banner.ink }]}>{p(banner.text)}</Text>}
        {view.cards.map((card) => (
          <PdfCard key={card.id} card={card} words={words} pictures={pictures} accepted={quote.acceptedCardIdx === card.idx} />
        ))}
        <View style={styles.info} wrap={false}>
          {(contacts?.phone || contacts?.email || contacts?.address) && (
            <View style={styles.infoColumn}>
              <Text style={styles.sectionTitle} {...pdfTag('H3')}>
                {p(words.contact)}
              </Text>
              {contacts?.address && <Text style={styles.small}>{p(`${words.address}: ${contacts.address}`)}</Text>}
              {contacts?.phone && <Text style={styles.small}>{p(`${words.phone}: ${contacts.phone}`)}</Text>}
              {contacts?.whatsapp && <Text style={styles.small}>{p(`${words.whatsapp}: ${contacts.whatsapp}`)}</Text>}
              {contacts?.email && <Text style={styles.small}>{p(`${words.email}: ${contacts.email}`)}</Text>}
            </View>
          )}
          <View style={styles.infoColumn}>
            <Text style={styles.sectionTitle} {...pdfTag('H3')}>
              {p(words.hoursTitle)}
            </Text>
            <Text style={styles.small}>{p(words.reception(hours.baseTime))}</Text>
            <Text style={styles.small}>{p(`${words.checkin}: ${ranges(hours.checkin)}`)}</Text>
            <Text style={styles.small}>{p(`${words.checkout}: ${ranges(hours.checkout)}`)}</Text>
            {hours.notes && <Text style={styles.small}>{p(hours.notes)}</Text>}
          </View>
        </View>
      </Page>
    </Document>
  );
}
