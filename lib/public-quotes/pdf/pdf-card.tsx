import { Image, Text, View } from "@react-pdf/renderer";
import type { GuestCard } from "../view";
import { htmlParagraphs, pdfText as p } from "./pdf-text";
import type { PdfPicture } from "./pictures";
import { styles } from "./styles";
import { pdfTag } from "./tagged-render";
import type { PdfWords } from "./texts";

/** The printable width of an A4 page inside the margins and a card's padding, in points. */
const INNER_WIDTH = 595.28 - 2 * 40 - 2 * 12 - 3;
const GAP = 6;
/** The table's head and two price rows: what must follow a card's head on its page. */
const FIRST_ROWS = 60;

type Props = {
  card: GuestCard;
  words: PdfWords;
  pictures: Map<string, PdfPicture>;
  accepted: boolean;
};

/**
 * One offer as the page shows it: head, pictures, party, the price table and its sums. The head
 * and pictures stay together, and a price row or the sums are never split over two pages.
 */
export function PdfCard({ card, words, pictures, accepted }: Props) {
  const shown = card.images.flatMap((image) => {
    const picture = pictures.get(image.id);
    return picture ? [{ ...picture, alt: image.alt }] : [];
  });
  const pictureWidth = shown.length
    ? (INNER_WIDTH - GAP * (shown.length - 1)) / shown.length
    : 0;
  const stay = [
    words.dates(card),
    card.nights !== null ? words.nights(card.nights) : "",
  ]
    .filter(Boolean)
    .join(" · ");
  const paragraphs = card.text ? htmlParagraphs(card.text) : [];
  const about = card.description ? htmlParagraphs(card.description) : [];
  // The card flows from where the page is: a card that would fit on the next page no longer moves
  // there whole, leaving the rest of this one empty. What must stay together does: the head with
  // its pictures and the guests, then the table's head and its first rows (the empty View before
  // the card asks for that much room, else the card starts on the next page); each row; the sums.
  const facts =
    (card.people.length > 0 ? 1 : 0) + (card.extras.length > 0 ? 1 : 0);
  const headHeight =
    2 * 12 +
    50 +
    (shown.length ? (shown.length === 1 ? 120 : 96) + 8 : 0) +
    12 * facts +
    8;
  return (
    <>
      <View minPresenceAhead={headHeight + FIRST_ROWS} />
      <View
        style={accepted ? [styles.card, styles.cardAccepted] : styles.card}
        {...pdfTag("Sect")}
      >
        <View wrap={false}>
          <View style={styles.cardHead}>
            <View style={{ flex: 1 }}>
              <Text style={styles.eyebrow}>{p(words.offer(card.idx))}</Text>
              <Text style={styles.cardTitle} {...pdfTag("H2")}>
                {p(card.typologyName)}
              </Text>
              {stay && <Text>{p(stay)}</Text>}
            </View>
            {accepted && (
              <Text style={styles.badge}>{p(words.acceptedBadge)}</Text>
            )}
          </View>
          {shown.length > 0 && (
            <View style={styles.pictures}>
              {shown.map((picture, index) => (
                // eslint-disable-next-line jsx-a11y/alt-text -- react-pdf's Image has no alt prop: the tagged PDF's Figure carries it (pdfTag)
                <Image
                  key={index}
                  src={picture.src}
                  style={[
                    styles.picture,
                    {
                      width: pictureWidth,
                      height: shown.length === 1 ? 120 : 96,
                    },
                  ]}
                  {...pdfTag("Figure", p(picture.alt))}
                />
              ))}
            </View>
          )}
          <View style={styles.facts}>
            {card.people.length > 0 && (
              <Text>
                <Text style={styles.bold}>{p(words.guests)}: </Text>
                {p(
                  card.people
                    .map((person) => `${person.count} × ${person.label}`)
                    .join(", "),
                )}
              </Text>
            )}
            {card.extras.length > 0 && (
              <Text>
                <Text style={styles.bold}>{p(words.extras)}: </Text>
                {p(
                  card.extras
                    .map((item) => `${item.quantity} × ${item.label}`)
                    .join(", "),
                )}
              </Text>
            )}
          </View>
        </View>
        <View style={styles.tableHead} wrap={false} minPresenceAhead={40}>
          <Text style={styles.colName}>{p(words.line)}</Text>
          <Text style={[styles.colUnit, { color: undefined }]}>
            {p(words.quantity)}
          </Text>
          <Text style={styles.colAmount}>{p(words.amount)}</Text>
        </View>
        {card.priceLines.map((line, index) => (
          <View key={index} style={styles.row} wrap={false}>
            <Text style={styles.colName}>{p(words.lineName(line))}</Text>
            <Text style={styles.colUnit}>
              {p(`${line.quantity} × ${words.money(line.unitCents)}`)}
            </Text>
            <Text style={styles.colAmount}>
              {p(words.money(line.totalCents))}
            </Text>
          </View>
        ))}
        <View style={styles.sums} wrap={false}>
          {card.discountCents > 0 && (
            <>
              <View style={styles.sumRow}>
                <Text>{p(words.subtotal)}</Text>
                <Text>{p(words.money(card.subtotalCents))}</Text>
              </View>
              <View style={styles.sumRow}>
                <Text>{p(words.discount(card))}</Text>
                <Text>{p(`−${words.money(card.discountCents)}`)}</Text>
              </View>
            </>
          )}
          <View style={styles.totalRow}>
            <Text style={styles.totalLabel}>{p(words.total)}</Text>
            <Text style={styles.totalValue}>
              {p(words.money(card.totalCents))}
            </Text>
          </View>
        </View>
        {paragraphs.length > 0 && (
          <View style={styles.prose}>
            {paragraphs.map((paragraph, index) => (
              <Text key={index}>{paragraph}</Text>
            ))}
          </View>
        )}
        {about.length > 0 && (
          <View style={styles.prose}>
            <Text style={styles.sectionTitle} {...pdfTag("H3")}>
              {p(words.about)}
            </Text>
            {about.map((paragraph, index) => (
              <Text key={index} style={styles.small}>
                {paragraph}
              </Text>
            ))}
          </View>
        )}
      </View>
    </>
  );
}
