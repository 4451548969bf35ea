import type { MotifName } from './art/motifs.ts';
import { fastFashionBrand } from './menus.ts';

interface BrandDef {
  name: string;
  slug: string;
  motif: MotifName;
  /** Top-level category slugs whose products may carry this brand. */
  parents: string[];
}

/** A handful of makers' labels; StreetLoom is the fast-fashion clothing brand of the Clothing menu. */
export const brandDefs: BrandDef[] = [
  { ...fastFashionBrand, motif: 'tshirt', parents: ['clothing'] },
  { name: 'Kaarigar Studio', slug: 'kaarigar-studio', motif: 'gift-box', parents: ['personalised-gifts', 'wedding'] },
  { name: 'Rangrez Handloom', slug: 'rangrez-handloom', motif: 'saree', parents: ['clothing'] },
  { name: 'Chandi Craft', slug: 'chandi-craft', motif: 'ring', parents: ['jewellery'] },
  { name: 'Gulabi Threads', slug: 'gulabi-threads', motif: 'bow', parents: ['accessories'] },
  { name: 'Mitti & Co', slug: 'mitti-and-co', motif: 'planter', parents: ['home-decor', 'wedding'] },
];
