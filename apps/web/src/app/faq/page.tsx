import { InfoPage, infoPageMetadata } from '@modules/layout/templates/info-page';

export const generateMetadata = () => infoPageMetadata('faq');

export default function Page() {
  return <InfoPage page="faq" />;
}
