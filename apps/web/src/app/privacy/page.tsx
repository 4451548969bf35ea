import { InfoPage, infoPageMetadata } from '@modules/layout/templates/info-page';

export const generateMetadata = () => infoPageMetadata('privacy');

export default function Page() {
  return <InfoPage page="privacy" />;
}
