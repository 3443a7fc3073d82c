/**
 * The elements operators' rich text (announcements, promotions, help articles) may use: text
 * formatting, lists, headings, tables, code and links. One list for both ends: the server cleans
 * to it on save (sanitize-html) and the site's SafeHtml draws only these. No zod here.
 */
export const richTextElements: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'mark',
  'span',
  'div',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'code',
  'pre',
];
