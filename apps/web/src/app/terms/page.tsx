import { InfoPage, infoPageMetadata } from '@modules/layout/templates/info-page';

export const generateMetadata = () => infoPageMetadata('terms');

export default function Page() {
  return <InfoPage page="terms" />;
}
