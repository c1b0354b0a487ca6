import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps the safe subset as it is', () => {
    const html =
      '<h2>Parking</h2><p>Valet <strong>indoor</strong> &amp; <em>outdoor</em>.</p><ul><li>One</li></ul><a href="/faq">FAQ</a>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['a script element, with its code', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['event handler attributes', '<p onclick="alert(1)" class="x">Hi</p>', '<p>Hi</p>'],
    ['javascript: links (text kept)', '<a href="javascript:alert(1)">Click</a>', 'Click'],
    [
      'obfuscated schemes',
      '<a href="  java\tscript:alert(1)">x</a><a href="JaVaScRiPt:alert(1)">y</a>',
      'xy',
    ],
    ['data: images', '<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="">', ''],
    ['protocol-relative addresses', '<a href="//evil.example/">x</a>', 'x'],
    ['style elements and attributes', '<style>p{}</style><p style="color:red">Hi</p>', '<p>Hi</p>'],
    [
      'iframes, objects and forms',
      '<iframe src="https://x"></iframe><object></object><form><input></form>ok',
      'ok',
    ],
    ['inline svg with script', '<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['comments', '<!-- <script>alert(1)</script> -->ok', 'ok'],
    [
      'markup hidden in text stays text',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    ],
    [
      'attribute breakouts',
      '<a href="/x&quot; onmouseover=&quot;alert(1)">x</a>',
      '<a href="/x&quot; onmouseover=&quot;alert(1)">x</a>',
    ],
  ])('removes %s', (_name, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('unwraps unknown elements, renames h1 and protects new-tab links', () => {
    expect(sanitizeHtml('<font color="red"><h1>Title</h1></font>')).toBe('<h2>Title</h2>');
    expect(sanitizeHtml('<a href="https://maps.example/" target="_blank">Map</a>')).toBe(
      '<a href="https://maps.example/" target="_blank" rel="noopener noreferrer">Map</a>',
    );
  });

  it('keeps tables and images with checked attributes', () => {
    expect(
      sanitizeHtml(
        '<table><tr><td colspan="2" width="x">a</td></tr></table><img src="/a.svg" alt="A" width="80">',
      ),
    ).toBe(
      '<table><tbody><tr><td colspan="2">a</td></tr></tbody></table><img src="/a.svg" alt="A" width="80">',
    );
  });
});

describe('safeUrl', () => {
  it.each([
    ['/booking/step-1', '/booking/step-1'],
    ['#top', '#top'],
    ['https://www.google.com/maps', 'https://www.google.com/maps'],
    ['mailto:bookings@skypark.example', 'mailto:bookings@skypark.example'],
    ['tel:1300975707', 'tel:1300975707'],
    ['javascript:alert(1)', null],
    ['vbscript:x', null],
    ['data:text/html,x', null],
    ['', null],
  ])('%s → %s', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });
});
