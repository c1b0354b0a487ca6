import { describe, expect, it } from 'vitest';
import {
  contentMessages,
  fieldErrors,
  headerMessageShows,
  homePageSchema,
  menuItemSchema,
  pageSchema,
  siteDetailsSchema,
} from './content-admin';
import { messages } from './messages';

const page = {
  title: 'About us',
  path: '/About-Us/',
  layout: 'page',
  content: '<p>Hi</p>',
  status: 'draft',
};

describe('content pages', () => {
  it('normalises the path and fills the optional fields', () => {
    const parsed = pageSchema.parse(page);
    expect(parsed).toMatchObject({ path: '/about-us', accordion: [], footerCta: null, featuredImage: null });
    expect(parsed.menuOrder).toBe(0);
  });

  it('refuses a path that is not one, or the home page', () => {
    const bad = (path: string) => fieldErrors(pageSchema.safeParse({ ...page, path }).error!).path;
    expect(bad('/about us')).toBe(contentMessages.pathInvalid);
    expect(bad('/a?b')).toBe(contentMessages.pathInvalid);
    expect(bad('/')).toBe(contentMessages.pathHome);
    expect(bad('')).toBe('This field is required.');
    expect(pageSchema.parse({ ...page, path: 'faq/parking' }).path).toBe('/faq/parking');
  });

  it('requires a title per accordion item and a safe footer button link', () => {
    const result = pageSchema.safeParse({
      ...page,
      accordion: [{ title: ' ', content: 'x' }],
      footerCta: { title: 'Book', text: '', buttonLabel: 'Go', buttonUrl: 'javascript:alert(1)' },
    });
    expect(fieldErrors(result.error!)).toMatchObject({
      'accordion.0.title': 'This field is required.',
      'footerCta.buttonUrl': contentMessages.linkInvalid,
    });
    expect(
      pageSchema.parse({
        ...page,
        footerCta: { title: 'B', buttonLabel: 'Go', buttonUrl: '/booking/step-1' },
      }).footerCta?.buttonUrl,
    ).toBe('/booking/step-1');
  });

  it('takes only the listed layouts and statuses', () => {
    const errors = fieldErrors(pageSchema.safeParse({ ...page, layout: 'frontpage', status: 'live' }).error!);
    expect(Object.keys(errors).sort()).toEqual(['layout', 'status']);
  });
});

describe('menu items', () => {
  it('needs a page for a page item and clears its url', () => {
    expect(fieldErrors(menuItemSchema.safeParse({ title: 'FAQ', kind: 'page' }).error!).page).toBe(
      contentMessages.menuPageRequired,
    );
    expect(menuItemSchema.parse({ title: 'FAQ', kind: 'page', page: 3, url: '/x' })).toEqual({
      title: 'FAQ',
      kind: 'page',
      page: '3',
      url: '',
    });
  });

  it('takes only ids a database row can have', () => {
    for (const page of ['0', '2147483648', '99999999999', '1.5', 'x', -3])
      expect(fieldErrors(menuItemSchema.safeParse({ title: 'P', kind: 'page', page }).error!).page).toBe(
        contentMessages.menuPageRequired,
      );
    expect(menuItemSchema.parse({ title: 'P', kind: 'page', page: 2147483647 }).page).toBe('2147483647');
    expect(
      fieldErrors(pageSchema.safeParse({ ...page, featuredImage: '2147483648' }).error!).featuredImage,
    ).toBe(contentMessages.imageNotFound);
  });

  it('keeps routes on this site and external links on http(s)', () => {
    const urlError = (kind: string, url: string) =>
      fieldErrors(menuItemSchema.safeParse({ title: 'X', kind, url }).error!).url;
    expect(urlError('route', 'booking')).toBe(contentMessages.routeInvalid);
    expect(urlError('route', '//evil.example')).toBe(contentMessages.routeInvalid);
    expect(urlError('external', 'javascript:alert(1)')).toBe(contentMessages.externalInvalid);
    expect(urlError('external', '/inside')).toBe(contentMessages.externalInvalid);
    expect(menuItemSchema.parse({ title: 'B', kind: 'route', url: '/booking/step-1' }).url).toBe(
      '/booking/step-1',
    );
    expect(menuItemSchema.parse({ title: 'F', kind: 'external', url: 'https://fb.com/x' }).page).toBeNull();
  });
});

describe('site details', () => {
  const details = { phone: '03 9000 0000', email: 'hi@example.com', socialLinks: [] };

  it('checks the phone, email and social links', () => {
    const errors = fieldErrors(
      siteDetailsSchema.safeParse({
        phone: 'call us',
        email: 'nope',
        socialLinks: [{ network: 'Facebook', url: 'ftp://x' }],
      }).error!,
    );
    expect(errors).toEqual({
      phone: contentMessages.phoneInvalid,
      email: contentMessages.emailInvalid,
      'socialLinks.0.url': contentMessages.externalInvalid,
    });
  });

  it('wants the last day of the header message on or after its first', () => {
    const result = siteDetailsSchema.safeParse({
      ...details,
      headerMessage: 'Closed',
      headerMessageFrom: '2026-12-25',
      headerMessageUntil: '2026-12-24',
    });
    expect(fieldErrors(result.error!).headerMessageUntil).toBe(contentMessages.untilBeforeFrom);
    expect(siteDetailsSchema.parse({ ...details, headerMessageFrom: '' }).headerMessageFrom).toBeNull();
  });

  it('shows the header message between its days, inclusive, either end open', () => {
    const message = {
      headerMessage: 'Closed Christmas Day',
      headerMessageFrom: '2026-12-20',
      headerMessageUntil: '2026-12-25',
    };
    expect(headerMessageShows(message, '2026-12-19')).toBe(false);
    expect(headerMessageShows(message, '2026-12-20')).toBe(true);
    expect(headerMessageShows(message, '2026-12-25')).toBe(true);
    expect(headerMessageShows(message, '2026-12-26')).toBe(false);
    expect(
      headerMessageShows({ ...message, headerMessageFrom: null, headerMessageUntil: null }, '2030-01-01'),
    ).toBe(true);
    expect(headerMessageShows({ ...message, headerMessage: ' ' }, '2026-12-21')).toBe(false);
  });
});

describe('home page', () => {
  it('takes the frontpage blocks and checks the directions link and quotes per slide', () => {
    const home = {
      title: 'Home',
      slides: [],
      columns: [],
      location: { title: 'Find us', content: '', address: '1 Road', directionsUrl: 'javascript:x' },
      quotes: { title: 'Said', slidesToShow: 7, items: [] },
      footerCta: null,
    };
    expect(Object.keys(fieldErrors(homePageSchema.safeParse(home).error!)).sort()).toEqual([
      'location.directionsUrl',
      'quotes.slidesToShow',
    ]);
    const ok = homePageSchema.parse({
      ...home,
      location: { ...home.location, directionsUrl: 'https://maps.example.com/x' },
      quotes: { ...home.quotes, slidesToShow: '3' },
    });
    expect(ok.quotes?.slidesToShow).toBe(3);
    expect(ok.heroTitle).toBe('');
  });
});

describe('rich text', () => {
  it('refuses control characters like every other text field (issue 38)', () => {
    const parsed = pageSchema.safeParse({ ...page, content: '<p>Hi\u0001</p>' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['content'], message: messages.controlCharacters });
    expect(pageSchema.safeParse({ ...page, content: '<p>Line\nbreak\tand tab</p>' }).success).toBe(true);
  });
});
