// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { SafeHtml, safeHref } from './safe-html';

function draw(html: string): HTMLElement {
  const { container } = render(<SafeHtml html={html} />);
  return container.firstElementChild as HTMLElement;
}

describe('SafeHtml drops everything that could run or load', () => {
  test.each([
    ['a script element', '<p>hi</p><script>window.hacked = 1</script>', '<p>hi</p>'],
    ['an event handler', '<p onclick="alert(1)">hi</p>', '<p>hi</p>'],
    ['an image with onerror', '<img src=x onerror="alert(1)">after', 'after'],
    ['a javascript: link', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['a protocol-relative link', '<a href="//evil.example/">x</a>', 'x'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['an svg with script', '<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['a style element and attribute', '<style>body{display:none}</style><p style="color:red">x</p>', '<p>x</p>'],
    ['a form', '<form action="https://evil.example"><input name="password"></form>ok', 'ok'],
    ['unknown wrappers keep their text', '<marquee><font>text</font></marquee>', 'text'],
  ])('%s', (_name, html, expected) => {
    expect(draw(html).innerHTML).toBe(expected);
  });
});

describe('SafeHtml keeps the content operators write', () => {
  test.each([
    [
      'paragraphs and emphasis',
      '<p>Hello <strong>member</strong> <em>now</em></p>',
      '<p>Hello <strong>member</strong> <em>now</em></p>',
    ],
    ['lists', '<ul><li>one</li><li>two</li></ul>', '<ul><li>one</li><li>two</li></ul>'],
    ['a same-site link', '<a href="/help#deposit">help</a>', '<a href="/help#deposit">help</a>'],
    [
      'an external link opens apart',
      '<a href="https://example.com/x">x</a>',
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['Thai text is kept as text', '<p>ฝาก &amp; ถอน &lt;ทันที&gt;</p>', '<p>ฝาก &amp; ถอน &lt;ทันที&gt;</p>'],
    ['line breaks', 'a<br>b', 'a<br>b'],
  ])('%s', (_name, html, expected) => {
    expect(draw(html).innerHTML).toBe(expected);
  });
});

describe('safeHref', () => {
  test.each([
    ['javascript:alert(1)', null],
    ['  JaVaScRiPt:alert(1)', null],
    ['vbscript:x', null],
    ['//evil.example', null],
    ['/promotions', '/promotions'],
    ['#top', '#top'],
    ['https://example.com', 'https://example.com/'],
    ['mailto:support@example.com', 'mailto:support@example.com'],
  ])('%s', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});
