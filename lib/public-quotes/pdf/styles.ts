import { StyleSheet } from '@react-pdf/renderer';

/** The mini-site's palette in print: dark text, one green accent, quiet greys for rules. */
export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const ACCENT = '#2b6e3f';
export const RULE = '#dde2e7';
export const SHADE = '#f3f5f7';

export const styles = StyleSheet.create({
  page: { paddingTop: 36, paddingBottom: 56, paddingHorizontal: 40, fontFamily: 'Helvetica', fontSize: 9.5, color: INK },
  header: { flexDirection: 'row', justifyContent: 'space-between', paddingBottom: 12, borderBottomWidth: 2, borderBottomColor: ACCENT, marginBottom: 14 },
  headerLeft: { width: '55%', gap: 2 },
  headerRight: { width: '42%', alignItems: 'flex-end', gap: 2 },
  campsite: { fontFamily: 'Helvetica-Bold', fontSize: 17, color: ACCENT, marginBottom: 6 },
  small: { fontSize: 8.5, color: MUTED },
  link: { fontSize: 8.5, color: ACCENT, textDecoration: 'none' },
  docLabel: { fontFamily: 'Helvetica-Bold', fontSize: 8.5, color: MUTED },
  quoteName: { fontFamily: 'Helvetica-Bold', fontSize: 13, textAlign: 'right', marginBottom: 4 },
  metaRow: { flexDirection: 'row', gap: 4 },
  metaLabel: { fontSize: 9, color: MUTED },
  metaValue: { fontSize: 9, fontFamily: 'Helvetica-Bold' },
  banner: { padding: 8, borderRadius: 3, marginBottom: 12, fontSize: 9.5 },
  card: { borderWidth: 1, borderColor: RULE, borderRadius: 4, padding: 12, marginBottom: 14 },
  cardAccepted: { borderColor: ACCENT, borderWidth: 1.5 },
  cardHead: { flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-start', marginBottom: 8 },
  eyebrow: { fontFamily: 'Helvetica-Bold', fontSize: 8, color: MUTED },
  cardTitle: { fontFamily: 'Helvetica-Bold', fontSize: 12.5, marginVertical: 1 },
  badge: { fontFamily: 'Helvetica-Bold', fontSize: 8, color: '#ffffff', backgroundColor: ACCENT, paddingVertical: 3, paddingHorizontal: 7, borderRadius: 8 },
  pictures: { flexDirection: 'row', gap: 6, marginBottom: 8 },
  picture: { height: 96, objectFit: 'cover', borderRadius: 3 },
  facts: { marginBottom: 8, gap: 2 },
  bold: { fontFamily: 'Helvetica-Bold' },
  tableHead: { flexDirection: 'row', backgroundColor: SHADE, paddingVertical: 4, paddingHorizontal: 6, fontFamily: 'Helvetica-Bold', fontSize: 8.5, color: MUTED },
  row: { flexDirection: 'row', paddingVertical: 4, paddingHorizontal: 6, borderBottomWidth: 0.5, borderBottomColor: RULE },
  colName: { width: '58%', paddingRight: 6 },
  colUnit: { width: '22%', textAlign: 'right', color: MUTED },
  colAmount: { width: '20%', textAlign: 'right' },
  sums: { alignSelf: 'flex-end', width: '52%', marginTop: 6 },
  sumRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 2, paddingHorizontal: 6 },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 3, paddingTop: 5, paddingHorizontal: 6, borderTopWidth: 1, borderTopColor: INK },
  totalLabel: { fontFamily: 'Helvetica-Bold', fontSize: 11 },
  totalValue: { fontFamily: 'Helvetica-Bold', fontSize: 12, color: ACCENT },
  prose: { marginTop: 8, gap: 3 },
  sectionTitle: { fontFamily: 'Helvetica-Bold', fontSize: 9.5, marginBottom: 2 },
  info: { flexDirection: 'row', gap: 24, marginTop: 4, paddingTop: 10, borderTopWidth: 0.5, borderTopColor: RULE },
  infoColumn: { flex: 1, gap: 2 },
  footer: { position: 'absolute', bottom: 24, left: 40, right: 40, flexDirection: 'row', justifyContent: 'space-between', fontSize: 7.5, color: MUTED, borderTopWidth: 0.5, borderTopColor: RULE, paddingTop: 5 },
});
