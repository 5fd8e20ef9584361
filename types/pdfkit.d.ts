// pdfkit ships no types; lib/public-quotes/pdf/tagged-render.ts types the little it uses.
declare module 'pdfkit' {
  const PDFDocument: unknown;
  export default PDFDocument;
}
