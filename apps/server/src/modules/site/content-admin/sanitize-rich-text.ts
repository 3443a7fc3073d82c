import { richTextElements } from '@lotus/contract';
import sanitizeHtml from 'sanitize-html';

/**
 * Operators' rich text (help articles) is cleaned when it is saved, so what is stored is already
 * safe wherever it is drawn; the site's SafeHtml (apps/web/src/components/safe-html.tsx) checks it
 * again as it draws. Both use the contract's element list (`richTextElements`: text formatting,
 * lists, headings, tables, code and links); links only to same-site paths, anchors, http(s), mailto and tel. Everything else
 * goes: script and style with their content, iframes, SVG, forms, event handlers, style attributes.
 */
const allowedTags = [...richTextElements];

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
