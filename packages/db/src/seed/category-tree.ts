import type { MotifName } from './art/motifs.ts';
import type { ProductTemplate } from './product-templates.ts';
import { templates } from './product-templates.ts';

/**
 * The category tree: six top-level parents with their leaves. Products live in leaves; parents
 * gather them for browsing. Names the spec lists in §3 are spelled exactly as there.
 */
interface CategoryDef {
  name: string;
  slug: string;
  description: string;
  motif: MotifName;
  featured?: boolean;
}
interface LeafDef extends CategoryDef {
  template: ProductTemplate;
}
interface ParentDef extends CategoryDef {
  children: LeafDef[];
}

const leaf = (name: string, slug: string, motif: MotifName, description: string, featured = false): LeafDef => {
  const template = templates[slug];
  if (!template) throw new Error(`No product template for category ${slug}`);
  return { name, slug, motif, description, featured, template };
};

export const categoryTree: ParentDef[] = [
  {
    name: 'Personalised Gifts',
    slug: 'personalised-gifts',
    motif: 'gift-box',
    featured: true,
    description: 'Gifts made just for them: names, photos and messages crafted by hand after you order.',
    children: [
      leaf('Lamps', 'lamps', 'lamp', 'Personalised LED, moon and photo lamps that glow with a memory.', true),
      leaf('Combos', 'combos', 'gift-box', 'Curated gift combos: a mug, a cushion and a card, all personalised together.'),
      leaf('Name Plates', 'name-plates', 'name-plate', 'Hand-painted wooden and resin name plates for the home.', true),
      leaf('Virtual Gifts', 'virtual-gifts', 'e-card', 'Digital caricatures, e-cards and video wishes delivered by e-mail.'),
      leaf('Cushions', 'cushions', 'cushion', 'Photo and quote cushions, printed and stitched to order.', true),
      leaf('Clocks', 'clocks', 'clock', 'Wall and desk clocks with your photos, names and dates.'),
      leaf('Soft Toys', 'soft-toys', 'teddy', 'Cuddly teddies and plush toys, some with a name embroidered on.'),
      leaf('Frames', 'frames', 'frame', 'Photo frames in wood, acrylic and collage styles.', true),
      leaf('Wall Decor', 'wall-decor', 'wall-hanging', 'Wall hangings, string art and mandala plates made by hand.'),
      leaf('Keychains', 'keychains', 'keychain', 'Engraved, photo and resin keychains to carry a little love.'),
      leaf("Kids' Gifts", 'kids-gifts', 'kids', 'Name puzzles, story books and keepsakes for little ones.'),
      leaf('Mugs', 'mugs', 'mug', 'Photo mugs, magic mugs and couple mugs printed to order.', true),
      leaf('Photo Albums', 'photo-albums', 'album', 'Handmade scrapbooks and albums to fill with memories.'),
    ],
  },
  {
    name: 'Clothing',
    slug: 'clothing',
    motif: 'frock',
    featured: true,
    description: 'Handloom sarees, thrifted finds and easy everyday wear.',
    children: [
      leaf('1 Minute Sarees', '1-minute-sarees', 'saree', 'Pre-pleated, ready-to-wear sarees you can drape in a minute.', true),
      leaf('Thrift', 'thrift', 'hanger', 'Pre-loved, hand-picked pieces, each one of a kind.'),
      leaf('Frocks', 'frocks', 'frock', 'Flowy cotton frocks and dresses, block-printed and hand-finished.'),
      leaf('Skirt & Top Sets', 'skirt-top', 'skirt-top', 'Co-ord skirt and top sets for festive days and brunches.'),
      leaf('Sleeves', 'sleeves', 'sleeve', 'Detachable sleeves and arm covers to dress up any blouse or top.'),
      leaf('Hoodies', 'hoodies', 'hoodie', 'Cosy fleece hoodies, plain or printed with your own text.'),
      leaf('T shirts', 't-shirts', 'tshirt', 'Soft cotton T shirts with prints, names and couple designs.'),
    ],
  },
  {
    name: 'Accessories',
    slug: 'accessories',
    motif: 'bag',
    featured: true,
    description: 'Scrunchies, bows, bags and wallets, stitched by small makers.',
    children: [
      leaf('Scrunchies', 'scrunchies', 'scrunchie', 'Satin, velvet and cotton scrunchies in every shade.', true),
      leaf('Bow & Hair Accessories', 'bow-hair-accessories', 'bow', 'Gift sets of bows, clips and bands for every hairstyle.'),
      leaf('Bows', 'bows', 'bow', 'Hand-tied hair bows in satin, organza and velvet.'),
      leaf('Hair Accessories', 'hair-accessories', 'hair-clip', 'Claw clips, headbands and pearl pins.'),
      leaf('Purses', 'purses', 'purse', 'Potli bags, clutches and embroidered purses.'),
      leaf('Wallets', 'wallets', 'wallet', 'Leather and vegan wallets, engraved with a name or initials.'),
      leaf('Bags', 'bags', 'bag', 'Totes, slings and jute bags, printed and embroidered.'),
    ],
  },
  {
    name: 'Jewellery',
    slug: 'jewellery',
    motif: 'necklace',
    featured: true,
    description: 'Handcrafted and personalised jewellery in silver, brass and rose gold.',
    children: [
      leaf('Rings', 'rings', 'ring', 'Adjustable, stackable and engraved rings.'),
      leaf('Necklaces', 'necklaces', 'necklace', 'Pendants, chokers and layered chains.', true),
      leaf('Earrings', 'earrings', 'earrings', 'Jhumkas, studs and hoops, light enough for every day.', true),
      leaf('Personalised Necklaces', 'personalised-necklaces', 'name-necklace', 'Name, initial and birthstone necklaces made to order.', true),
      leaf('Customised jewellery', 'customised-jewellery', 'locket', 'Photo lockets, engraved bracelets and custom charms.'),
      leaf('Bracelets', 'bracelets', 'bracelet', 'Charm bracelets, bangles and beaded strings.'),
      leaf('Brooch', 'brooch', 'brooch', 'Saree pins and brooches in pearl, enamel and kundan.'),
    ],
  },
  {
    name: 'Home Decor',
    slug: 'home-decor',
    motif: 'planter',
    description: 'Neon signs, candles and planters to make a house feel like home.',
    children: [
      leaf('Neon', 'neon', 'neon', 'Custom LED neon signs with names, words and shapes.', true),
      leaf('Candles', 'candles', 'candle', 'Hand-poured soy candles in jars, tins and moulds.'),
      leaf('Planters', 'planters', 'planter', 'Hand-painted ceramic and terracotta planters.'),
      leaf('Dreamcatchers', 'dreamcatchers', 'dreamcatcher', 'Macramé dreamcatchers woven by hand.'),
    ],
  },
  {
    name: 'Wedding',
    slug: 'wedding',
    motif: 'hamper',
    featured: true,
    description: 'Toppers, hampers and return gifts for the big day and every ritual around it.',
    children: [
      leaf('Cake Toppers', 'cake-toppers', 'cake-topper', 'Acrylic and glitter cake toppers with names and dates.'),
      leaf('Return Gifts', 'return-gifts', 'gift-box', 'Thoughtful return gifts for guests, packed in bulk.'),
      leaf('Wedding Hampers', 'wedding-hampers', 'hamper', 'Trousseau and shagun hampers, packed by hand.'),
    ],
  },
];

export const leafCategories: LeafDef[] = categoryTree.flatMap((parent) => parent.children);
