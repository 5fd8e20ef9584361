/** Whether rich-text HTML says anything once its tags are gone: an empty editor gives '<p></p>'. */
export const hasVisibleText = (html: string) => html.replace(/<[^>]*>/g, '').trim().length > 0;

/** The plain-text part of a mail written in the rich-text editor: line breaks where blocks end. */
export const htmlToText = (html: string) =>
  html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
