import { HomeHero } from '@/features/content/components/home-hero';
import { HowItWorks } from '@/features/content/components/how-it-works';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';

export function HomePage() {
  usePageTitle(paths.home.title);
  return (
    <>
      <HomeHero />
      <HowItWorks />
    </>
  );
}
