import { richTextElements } from '@lotus/contract';
import { createElement, Fragment, type ReactNode } from 'react';

/**
 * Announcement, promotion and help content is HTML written by operators. It is never handed to
 * innerHTML: the browser's DOMParser builds an inert document (nothing in it runs or loads), and
 * only allow-listed elements and attributes are turned into React elements, whose text React
 * escapes. Anything else (script, style, iframe, svg, event handlers, style attributes,
 * javascript: links) is dropped, keeping only the text of unknown wrappers. This replaced
 * DOMPurify, which was a tenth of the home page's JavaScript budget.
 */
const allowedElements = new Set(richTextElements);
/** Elements whose content is dropped with them (their text is not content). */
const droppedWithContent = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'noscript',
  'title',
  'head',
]);
const voidElements = new Set(['br', 'hr']);

/** Same-site paths, anchors, and http(s), mailto or tel links; nothing that can run script. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^(\/(?!\/)|#)/.test(trimmed)) return trimmed;
  try {
    const url = new URL(trimmed);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (droppedWithContent.has(tag)) return null;
  const children = Array.from(element.childNodes, toReact);
  if (!allowedElements.has(tag)) return createElement(Fragment, { key }, ...children);

  const props: Record<string, string | number> = { key };
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href') ?? '');
    if (href === null) return createElement(Fragment, { key }, ...children);
    props.href = href;
    if (/^https?:/.test(href)) {
      props.target = '_blank';
      props.rel = 'noopener noreferrer';
    }
  }
  if ((tag === 'td' || tag === 'th') && element.hasAttribute('colspan')) {
    const colSpan = Number(element.getAttribute('colspan'));
    if (Number.isInteger(colSpan) && colSpan > 0 && colSpan < 50) props.colSpan = colSpan;
  }
  return voidElements.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

export function htmlToReact(html: string): ReactNode[] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(document.body.childNodes, toReact);
}

export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `rich-text ${className}` : 'rich-text'}>{htmlToReact(html)}</div>;
}
