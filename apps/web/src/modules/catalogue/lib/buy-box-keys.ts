/**
 * Keys of the buy box's server-rendered price blocks and stock lines (buy-box.tsx renders them, BuyBoxControls picks
 * one per choice). Plain functions in their own module: the server cannot call functions exported by a client file.
 */

/** Choices that show the same price share one price block. */
export const priceKey = (choice: { price: number; mrp: number }) => `${choice.price}/${choice.mrp}`;

/** Stock lines differ only by level, and by the count when low ("Only 3 left"); see stockLevel in variants.ts. */
export const stockKey = (stock: number) => (stock <= 0 ? 'out' : stock <= 5 ? `low-${stock}` : 'in');
