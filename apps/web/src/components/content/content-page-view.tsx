import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { HtmlContent } from '@/components/html-content';
import { HydrateLater } from '@/components/hydrate-later';
import type { ContentPage, FeaturedImage } from '@/lib/content/types';
import { ContactDetails } from './contact-details';
import { ContentAccordion } from './content-accordion';
import { FooterCta } from './footer-cta';

function PageHeading({ page }: { page: ContentPage }) {
  return (
    <>
      <Typography variant="h1" sx={{ color: 'primary.main', fontSize: { xs: '2.25rem', md: '3rem' } }}>
        {page.title}
      </Typography>
      {page.acf.intro && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mt: 1.5, maxWidth: 640 }}>
          {page.acf.intro}
        </Typography>
      )}
    </>
  );
}

function FeatureImage({ image }: { image: FeaturedImage }) {
  const sizes = Object.values(image.sizes).filter((size) => size !== null && size.url !== '');
  const largest = sizes.reduce<(typeof sizes)[number] | undefined>(
    (best, size) => (!best || (size?.width ?? 0) > (best?.width ?? 0) ? size : best),
    undefined,
  );
  if (!largest) return null;
  const srcSet = sizes.map((size) => `${size?.url} ${size?.width}w`).join(', ');
  return (
    <Box
      component="img"
      src={largest.url}
      srcSet={srcSet}
      sizes="(min-width: 1200px) 560px, (min-width: 900px) 45vw, 100vw"
      alt={image.alt}
      width={largest.width}
      height={largest.height}
      sx={{
        width: '100%',
        height: 'auto',
        display: 'block',
        borderRadius: 4,
        bgcolor: 'rgba(15, 45, 82, 0.06)',
      }}
    />
  );
}

interface ContentPageViewProps {
  page: ContentPage;
  /** The contact form, shown by the contact layout (it lives in its own feature). */
  contactForm?: ReactNode;
}

/** A content page in its layout (public-site §1): page, feature-image or contact. */
export function ContentPageView({ page, contactForm }: ContentPageViewProps) {
  const cta = page.acf.footer_cta;
  let body: ReactNode;
  if (page.layout === 'feature-image' && page.featured_image) {
    body = (
      <>
        <Box sx={{ background: 'linear-gradient(180deg, #EAF0F8 0%, #F7F9FC 100%)', py: { xs: 4, md: 7 } }}>
          <Container maxWidth="lg">
            <Box
              sx={{
                display: 'grid',
                gap: { xs: 3, md: 6 },
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              }}
            >
              <div>
                <PageHeading page={page} />
              </div>
              <FeatureImage image={page.featured_image} />
            </Box>
          </Container>
        </Box>
        <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
          <HydrateLater>
            <HtmlContent html={page.content} />
          </HydrateLater>
          <ContentAccordion items={page.acf.accordion} />
        </Container>
      </>
    );
  } else if (page.layout === 'contact') {
    body = (
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
        <PageHeading page={page} />
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 6 },
            mt: { xs: 3, md: 5 },
            alignItems: 'start',
            gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
          }}
        >
          <div>
            <HtmlContent html={page.content} sx={{ mb: 4 }} />
            <ContactDetails />
          </div>
          <Box
            sx={{
              bgcolor: 'background.paper',
              borderRadius: 4,
              border: 1,
              borderColor: 'divider',
              p: { xs: 2.5, sm: 4 },
            }}
          >
            {contactForm}
          </Box>
        </Box>
      </Container>
    );
  } else {
    body = (
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 } }}>
        <PageHeading page={page} />
        <HydrateLater>
          <HtmlContent html={page.content} sx={{ mt: { xs: 3, md: 4 } }} />
        </HydrateLater>
        <ContentAccordion items={page.acf.accordion} />
      </Container>
    );
  }
  return (
    <>
      {body}
      {cta && (
        <HydrateLater>
          <FooterCta cta={cta} />
        </HydrateLater>
      )}
    </>
  );
}
