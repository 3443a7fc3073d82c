import { describe, expect, test } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text.ts';

describe('sanitizeRichText', () => {
  test.each([
    [
      'keeps formatting, lists, headings and tables',
      '<h2>Deposit</h2><p><strong>1.</strong> <em>Open</em></p><ul><li>a</li></ul><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>',
      '<h2>Deposit</h2><p><strong>1.</strong> <em>Open</em></p><ul><li>a</li></ul><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>',
    ],
    ['drops script with its content', '<p>a</p><script>alert(1)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['drops style with its content', '<style>p{color:red}</style><p>a</p>', '<p>a</p>'],
    [
      'drops event handlers and style attributes',
      '<p onclick="alert(1)" style="color:red" class="x">a</p>',
      '<p>a</p>',
    ],
    ['drops javascript: links, keeping the text', '<a href="javascript:alert(1)">click</a>', '<a>click</a>'],
    ['drops JaVaScRiPt: with entities and spaces', '<a href=" jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['drops data: links', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['drops protocol-relative links', '<a href="//evil.example/">x</a>', '<a>x</a>'],
    [
      'keeps site paths and anchors as they are',
      '<a href="/deposit">d</a><a href="#faq">f</a>',
      '<a href="/deposit">d</a><a href="#faq">f</a>',
    ],
    [
      'opens outside links apart, replacing target and rel',
      '<a href="https://line.me/x" target="_self" rel="opener">l</a>',
      '<a href="https://line.me/x" target="_blank" rel="noopener noreferrer">l</a>',
    ],
    [
      'keeps mailto and tel',
      '<a href="mailto:help@example.com">m</a> <a href="tel:+6621234567">t</a>',
      '<a href="mailto:help@example.com">m</a> <a href="tel:+6621234567">t</a>',
    ],
    [
      'unwraps unknown elements, drops iframes and svg',
      '<section><p>a</p></section><iframe src="https://x"></iframe><svg><script>1</script></svg><img src=x onerror=alert(1)>',
      '<p>a</p>',
    ],
    ['escapes text that looks like markup', '<p>1 &lt; 2 &amp; "x"</p>', '<p>1 &lt; 2 &amp; "x"</p>'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});
