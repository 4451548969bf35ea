import type { MotifName } from './art/motifs.ts';

interface SliderDef {
  title: string;
  subtitle: string;
  link: string;
  motifs: [MotifName, MotifName, MotifName];
}

/** Home-page banners; each links to a seeded category page. */
export const sliderDefs: SliderDef[] = [
  {
    title: 'Gifts made just for them',
    subtitle: 'Names, photos and messages, crafted by hand after you order',
    link: '/category/personalised-gifts',
    motifs: ['lamp', 'mug', 'cushion'],
  },
  {
    title: 'Jewellery with their name on it',
    subtitle: 'Name necklaces and lockets in silver and rose gold',
    link: '/category/personalised-necklaces',
    motifs: ['name-necklace', 'locket', 'earrings'],
  },
  {
    title: 'Drape a saree in one minute',
    subtitle: 'Pre-pleated, ready-to-wear sarees for every occasion',
    link: '/category/1-minute-sarees',
    motifs: ['saree', 'brooch', 'purse'],
  },
  {
    title: 'The wedding edit',
    subtitle: 'Cake toppers, hampers and return gifts for the big day',
    link: '/category/wedding',
    motifs: ['cake-topper', 'hamper', 'gift-box'],
  },
  { title: 'Light up a room', subtitle: 'Custom neon signs and photo lamps', link: '/category/neon', motifs: ['neon', 'lamp', 'candle'] },
];
