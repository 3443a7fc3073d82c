import sanitizeHtml from 'sanitize-html';

/**
 * Operators' rich text (help articles) is cleaned when it is saved, so what is stored is already
 * safe wherever it is drawn; the site's SafeHtml (apps/web/src/components/safe-html.tsx) checks it
 * again as it draws. The lists here are that component's: text formatting, lists, headings, tables,
 * code and links; links only to same-site paths, anchors, http(s), mailto and tel. Everything else
 * goes: script and style with their content, iframes, SVG, forms, event handlers, style attributes.
 */
const allowedTags = [
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

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: { a: ['href', 'target', 'rel'], td: ['colspan'], th: ['colspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Their text is not content: dropped whole, not unwrapped.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'svg',
    'math',
    'title',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    // An outside link opens apart from the site and gives it no handle back.
    // (an operator's own target or rel is replaced: only these two values are ever kept).
    a: (tagName, attributes) => {
      const href = attributes.href;
      const attribs: Record<string, string> = {};
      if (href !== undefined) attribs.href = href;
      if (href !== undefined && /^https?:/i.test(href.trim()))
        Object.assign(attribs, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options).trim();
}
