import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { contentPages } from '../db/schema/index';
import { seedContent } from '../seed/content';
import { createTestServer, type TestServer } from '../test/server';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  await seedContent(server.handle.db, server.clock.now());
});
afterAll(() => server.close());

async function get(path: string, target: TestServer = server) {
  const response = await target.app.inject({ method: 'GET', url: path });
  return { status: response.statusCode, headers: response.headers, body: response.json<unknown>() };
}

describe('content routes (public-site §7)', () => {
  it('lists the routes of the content pages with their layouts, not the front page', async () => {
    const response = await get('/wp-json/wp/v2/routes/');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    // Our own content: asked again each time, so that an Admin's change shows at once (issue 25).
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toEqual([
      { path: '/about-us', title: 'About us', layout: 'feature-image' },
      { path: '/faq', title: 'Frequently asked questions', layout: 'page' },
      { path: '/contact-us', title: 'Contact us', layout: 'contact' },
      { path: '/terms-and-conditions', title: 'Terms and conditions', layout: 'page' },
      { path: '/privacy-policy', title: 'Privacy policy', layout: 'page' },
    ]);
  });

  it('answers a page by path with its content, accordion, footer call to action and featured image sizes', async () => {
    const faq = await get('/wp-json/wp/v2/get-page/?path=/faq');
    expect(faq.status).toBe(200);
    expect(faq.body).toMatchObject({
      path: '/faq',
      title: 'Frequently asked questions',
      layout: 'page',
      content: expect.stringContaining('<a href="/contact-us">Send us a message</a>'),
      acf: {
        accordion: expect.arrayContaining([
          {
            title: 'What happens if I miss my bus?',
            content: expect.stringContaining('$10 per car administration fee'),
          },
        ]),
        footer_cta: {
          title: 'Ready when you are',
          text: expect.any(String),
          button_label: 'Get a quote',
          button_url: '/booking/step-1',
        },
      },
      featured_image: null,
    });
    const about = await get('/wp-json/wp/v2/get-page/?path=About-Us/');
    expect(about.status).toBe(200);
    expect(about.body).toMatchObject({
      layout: 'feature-image',
      featured_image: {
        alt: expect.any(String),
        sizes: { large: { url: '/content/about-us.svg', width: 1200, height: 600 } },
      },
    });
  });

  it('answers 404 in WordPress shape for an unknown or missing path, and never the front page as a page', async () => {
    for (const url of [
      '/wp-json/wp/v2/get-page/?path=/no-such-page',
      '/wp-json/wp/v2/get-page/',
      '/wp-json/wp/v2/get-page/?path=/',
    ]) {
      const response = await get(url);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: 'not_found', message: 'Page not found', data: { status: 404 } });
    }
  });

  it('answers the front page blocks', async () => {
    const response = await get('/wp-json/wp/v2/frontpage/');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      title: 'Home',
      acf: {
        hero_title: expect.stringContaining('Valet indoor and outdoor parking'),
        slides: [
          { title: 'Park and leave the keys' },
          { title: 'A lift to airport check-in' },
          { title: 'Enjoy the trip' },
        ],
        columns: expect.arrayContaining([expect.objectContaining({ title: 'Valet from the door' })]),
        location: {
          address: '12 Holyman Avenue, Cambridge TAS 7170',
          directions_url: expect.stringMatching(/^https:\/\/www\.google\.com\/maps\/dir\//),
        },
        quotes: { slides_to_show: 3, items: expect.any(Array) },
        footer_cta: { button_url: '/booking/step-1' },
      },
    });
  });

  it('answers the main, footer and footer_secondary menus, and 404 for another location', async () => {
    const main = await get('/wp-json/wp/v2/menu-location/main');
    expect(main.body).toEqual([
      { id: '1', title: 'Get a quote', url: '/booking/step-1' },
      { id: '2', title: 'About us', url: '/about-us' },
      { id: '3', title: 'FAQ', url: '/faq' },
      { id: '4', title: 'Contact us', url: '/contact-us' },
    ]);
    expect((await get('/wp-json/wp/v2/menu-location/footer/')).body).toHaveLength(4);
    expect((await get('/wp-json/wp/v2/menu-location/footer_secondary/')).body).toEqual([
      { id: '21', title: 'Terms and conditions', url: '/terms-and-conditions' },
      { id: '22', title: 'Privacy policy', url: '/privacy-policy' },
    ]);
    const unknown = await get('/wp-json/wp/v2/menu-location/sidebar/');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: 'Menu not found' });
  });

  it('answers the site options: phone, address, email, hours, social links and header message', async () => {
    const response = await get('/wp-json/acf/v3/options/options');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      acf: {
        contact_phone: '1300 975 707',
        address: '12 Holyman Avenue, Cambridge TAS 7170',
        email: 'bookings@skypark.example',
        business_name: 'SkyPark Airport Parking',
        abn: '',
        hours: 'Open 7 days, 4:00 am to 11:00 pm',
        header_message: expect.stringContaining('WELCOME10'),
        social_links: [
          { network: 'Facebook', url: 'https://www.facebook.com/skyparkairportparking' },
          { network: 'Instagram', url: 'https://www.instagram.com/skyparkairportparking' },
        ],
      },
    });
  });

  it('sanitises stored HTML and URLs on the way out, and leaves unlisted fields behind', async () => {
    await server.handle.db.insert(contentPages).values({
      path: '/hacked',
      title: 'Hacked <b>title</b>',
      layout: 'page',
      content:
        '<p onclick="steal()">Hello<script>steal()</script></p><a href="javascript:steal()">link</a><iframe src="https://evil.example"></iframe>',
      fields: {
        secret: 'internal note',
        accordion: [{ title: 'Q', content: '<img src=x onerror="steal()"><p>A</p>' }, 'not an item'],
        footer_cta: { title: 'Go', text: '', button_label: 'Click', button_url: 'javascript:steal()' },
        featured_image: { alt: 'x', sizes: { large: { url: 'javascript:steal()', width: 1, height: 1 } } },
      },
    });
    const response = await get('/wp-json/wp/v2/get-page/?path=/hacked');
    expect(response.status).toBe(200);
    const body = response.body as Record<string, unknown>;
    expect(body.content).toBe('<p>Hello</p>link');
    expect(body.acf).toEqual({
      intro: '',
      accordion: [{ title: 'Q', content: '<img src="x"><p>A</p>' }],
      footer_cta: { title: 'Go', text: '', button_label: 'Click', button_url: '' },
    });
    expect(body.featured_image).toMatchObject({ sizes: { large: { url: '' }, full: null } });
    expect(JSON.stringify(body)).not.toMatch(/steal|secret|onerror|onclick/);
    // Titles are text: the browser escapes them when it renders them.
    expect(body.title).toBe('Hacked <b>title</b>');
  });
});

describe('content routes with CMS_URL (a WordPress)', () => {
  it('relays the WordPress answers through the same sanitising documents', async () => {
    const wordpress = Fastify();
    wordpress.get('/wp-json/wp/v2/routes', async () => [{ path: '/news', title: 'News', layout: 'page' }]);
    wordpress.get('/wp-json/wp/v2/get-page/', async (request, reply) => {
      const { path } = request.query as { path?: string };
      if (path !== '/news')
        return reply.status(404).send({ code: 'rest_no_route', message: 'No', data: { status: 404 } });
      return {
        id: 9,
        path: '/news',
        title: 'News',
        layout: 'page',
        content: '<p>Hi</p><script>x()</script>',
        acf: false,
        featured_image: false,
      };
    });
    wordpress.get('/wp-json/acf/v3/options/options', async () => ({
      acf: { contact_phone: '03 6200 0000', social_links: [{ network: 'X', url: 'javascript:x()' }] },
    }));
    const address = await wordpress.listen({ port: 0, host: '127.0.0.1' });
    onTestFinished(() => wordpress.close());
    const relay = await createTestServer({ env: { CMS_URL: `${address}/` } });
    onTestFinished(() => relay.close());

    expect((await get('/wp-json/wp/v2/routes/', relay)).body).toEqual([
      { path: '/news', title: 'News', layout: 'page' },
    ]);
    const page = await get('/wp-json/wp/v2/get-page/?path=/News', relay);
    // Another server's work: a minute of browser caching.
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    expect(page.body).toMatchObject({
      id: '9',
      content: '<p>Hi</p>',
      acf: { accordion: [], footer_cta: null },
      featured_image: null,
    });
    expect((await get('/wp-json/wp/v2/get-page/?path=/gone', relay)).status).toBe(404);
    expect((await get('/wp-json/acf/v3/options/options', relay)).body).toEqual({
      acf: {
        // What the CMS sets wins; what it leaves blank is the configured detail (issue 25).
        contact_phone: '03 6200 0000',
        address: '12 Holyman Avenue, Cambridge TAS 7170',
        email: 'bookings@skypark.example',
        business_name: 'SkyPark Airport Parking',
        abn: '',
        hours: '',
        header_message: '',
        social_links: [],
      },
    });
    // The content of our own tables is not consulted.
    expect((await get('/wp-json/wp/v2/menu-location/main', relay)).status).toBe(404);
  });

  it('answers 502 when the WordPress cannot be reached', async () => {
    const relay = await createTestServer({ env: { CMS_URL: 'http://127.0.0.1:9' } });
    onTestFinished(() => relay.close());
    const response = await get('/wp-json/wp/v2/frontpage/', relay);
    expect(response.status).toBe(502);
    expect(response.body).toMatchObject({ code: 'content_unavailable', data: { status: 502 } });
  });
});
