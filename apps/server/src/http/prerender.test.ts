import { describe, expect, it } from 'vitest';
import { preferredEncoding, prerenderedDocument } from './prerender';

const template = `<!doctype html>
<html lang="en-AU">
  <head>
    <title>SkyPark Airport Parking</title>
    <script type="module" data-on-intent="/assets/start-on-intent-xyz.js" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-def.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerenderedDocument', () => {
  const page = {
    html: '<main><h1>Valet parking</h1></main>',
    styles: '<style data-emotion="css 1abc">.css-1abc{color:#0F2D52;}</style>',
    title: 'Parking & shuttle <FAQ> | SkyPark Airport Parking',
    state: JSON.stringify({
      queries: [
        {
          queryKey: ['content', 'frontpage'],
          state: { data: { hero_title: 'Fly </script><script>alert(1)</script>' } },
        },
      ],
    }),
  };
  const document = prerenderedDocument(template, page);

  it('sends the title the page sets, as text', () => {
    expect(document).toContain('<title>Parking &amp; shuttle &lt;FAQ&gt; | SkyPark Airport Parking</title>');
    expect(document.match(/<title>/g)).toHaveLength(1);
  });

  it('puts the markup in #root and its styles at the end of <head>', () => {
    expect(document).toContain('<div id="root"><main><h1>Valet parking</h1></main></div>');
    expect(document).toContain(`${page.styles}</head>`);
  });

  it('sends the data in a JSON block that no text in it can close, and that parses back to the same data', () => {
    const block = /<script type="application\/json" id="prerendered-state">([\s\S]*?)<\/script>/.exec(
      document,
    );
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block?.[1] ?? '')).toEqual(JSON.parse(page.state));
    expect(document.match(/<script/g)).toHaveLength(2);
  });

  it("never reads the content as replacement patterns ($&, $', $` and $$ arrive as written)", () => {
    const dollars = {
      html: "<main><p>From $&nbsp;15 a day, $' and $` and $$ and $1</p></main>",
      styles: '<style>.a::after{content:"$&"}</style>',
      title: 'Save $& more',
      state: JSON.stringify({ message: "Parking from $&nbsp;15, $' $` $$" }),
    };
    const written = prerenderedDocument(template, dollars);
    expect(written).toContain(`<div id="root">${dollars.html}</div>`);
    expect(written).toContain(`${dollars.styles}</head>`);
    expect(written).toContain('<title>Save $&amp; more</title>');
    const block = /<script type="application\/json" id="prerendered-state">([\s\S]*?)<\/script>/.exec(
      written,
    );
    expect(JSON.parse(block?.[1] ?? '')).toEqual(JSON.parse(dollars.state));
  });

  it("runs the page's own script, which starts the app (named on it) when a visitor reaches for the page", () => {
    expect(document).toContain(
      '<script type="module" crossorigin src="/assets/start-on-intent-xyz.js" data-app="/assets/index-abc.js"></script>',
    );
    expect(document).not.toContain('src="/assets/index-abc.js"');
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('BR')).toBe('br');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip;q=0.0')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
